import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAT_KEY_LENGTH } from '../../lib/constructs/sat-signing-key.ts';
import { synthStack, writeStubHandlers } from './helpers.ts';

/** The characters Secrets Manager draws from with ExcludePunctuation and IncludeSpace false. */
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

describe('SatSigningKey', () => {
  let stubs: ReturnType<typeof writeStubHandlers>;
  let template: Template;

  beforeAll(() => {
    stubs = writeStubHandlers();
    ({ template } = synthStack({ handlerRoot: stubs.handlerRoot }));
  });
  afterAll(() => stubs.cleanup());

  it('has CloudFormation generate 64 letters and digits, encrypted with the AWS-managed key, without rotation', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false },
      // No KmsKeyId: Secrets Manager encrypts with aws/secretsmanager.
      KmsKeyId: Match.absent(),
      SecretString: Match.absent(),
    });
    template.resourceCountIs('AWS::SecretsManager::RotationSchedule', 0);
  });

  it('generates a key the functions can use: valid base64 of at least 32 bytes', () => {
    // Prepare: a value like the ones Secrets Manager generates (letters and digits only).
    const value = Array.from({ length: SAT_KEY_LENGTH }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

    // Act: what functions/core/service.ts does with the SecretString.
    const key = Buffer.from(value.trim(), 'base64');

    // Assess: every character was base64 (the round trip is exact) and HS256 gets its 32 bytes (RFC 7518 3.2).
    expect(key.toString('base64')).toBe(value);
    expect(key.length).toBe(48);
    expect(key.length).toBeGreaterThanOrEqual(32);
  });

  it('replaces the secret when satKeyGeneration is raised, and points the functions at the new one', () => {
    const rotated = synthStack({ handlerRoot: stubs.handlerRoot, satKeyGeneration: 2 }).template;
    const [secretId] = Object.keys(rotated.findResources('AWS::SecretsManager::Secret'));
    const [originalId] = Object.keys(template.findResources('AWS::SecretsManager::Secret'));

    expect(secretId).toMatch(/^SatSigningKeySecretG2[0-9A-F]{8}$/);
    expect(secretId).not.toBe(originalId);
    rotated.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'POST /api/v1/sessions/token',
      Environment: { Variables: Match.objectLike({ SAT_SECRET_ARN: { Ref: secretId } }) },
    });
  });

  it('deletes the key with the stack: it signs tokens that live minutes', () => {
    const secrets = Object.values(template.findResources('AWS::SecretsManager::Secret'));

    expect(secrets.map((secret) => secret.DeletionPolicy)).toEqual(['Delete']);
  });
});
