import { describe, expect, it } from 'vitest';
import { decodeMedia } from '../../../functions/core/media.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const JPG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(32), Buffer.from('ffd9', 'hex')]);
const photo = { allowed: ['jpg', 'png', 'webp'] as const, maxBytes: 1024 };

describe('decodeMedia', () => {
  it('decodes base64 and detects the kind from the bytes', async () => {
    const out = await decodeMedia('img', PNG.toString('base64'), photo);
    expect(out).toMatchObject({ media: { kind: 'png', mime: 'image/png' } });
  });

  it('accepts a data URL prefix and URL-safe base64', async () => {
    const dataUrl = await decodeMedia('img', `data:image/jpeg;base64,${JPG.toString('base64')}`, { ...photo, declared: 'jpeg' });
    expect(dataUrl).toMatchObject({ media: { kind: 'jpg' } });
    const urlSafe = await decodeMedia('img', JPG.toString('base64url'), photo);
    expect(urlSafe).toMatchObject({ media: { kind: 'jpg' } });
  });

  it('names the field when the text is not base64', async () => {
    expect(await decodeMedia('img', 'ab$cd', photo)).toEqual({ errors: { img: ['is not valid base64'] } });
    expect(await decodeMedia('img', 'A', photo)).toEqual({ errors: { img: ['is not valid base64'] } });
  });

  it('refuses content larger than the limit before decoding it', async () => {
    const out = await decodeMedia('img', 'A'.repeat(4000), photo);
    expect('errors' in out && out.errors['img']![0]).toContain('limit is 1024 bytes');
  });

  it('refuses bytes that are not an allowed kind', async () => {
    const out = await decodeMedia('img', Buffer.from('plain text, not an image').toString('base64'), photo);
    expect('errors' in out && out.errors['img']![0]).toContain('unrecognised content');
  });

  it('reports fileExtension when the declared kind disagrees with the bytes', async () => {
    const out = await decodeMedia('img', PNG.toString('base64'), { ...photo, declared: 'jpg' });
    expect(out).toEqual({ errors: { fileExtension: ['is jpg but img holds png data'] } });
  });
});
