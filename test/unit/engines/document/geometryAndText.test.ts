import { describe, expect, it } from 'vitest';
import { aamvaDate, mapAamvaResult } from '../../../../functions/engines/document/barcode/mapAamvaResult.ts';
import { AamvaFormatError, parseAamva } from '../../../../functions/engines/document/barcode/parseAamva.ts';
import { minAreaRect, rectToQuad } from '../../../../functions/engines/document/geometry/minAreaRect.ts';
import { quadSize, type Quad } from '../../../../functions/engines/document/geometry/quad.ts';
import { mergeCollinearBoxes } from '../../../../functions/engines/document/locate/mergeCollinearBoxes.ts';
import { mrzRows } from '../../../../functions/engines/document/locate/mrzRows.ts';
import { fitTextToLayout } from '../../../../functions/engines/document/mrz/fitTextToLayout.ts';
import { positionClasses } from '../../../../functions/engines/document/mrz/layouts.ts';

const box = (x0: number, y0: number, x1: number, y1: number): Quad => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

describe('geometry', () => {
  it('fits the minimum-area rectangle of a rotated rectangle', () => {
    const angle = (10 * Math.PI) / 180;
    const q = rectToQuad({ cx: 100, cy: 50, width: 200, height: 20, angle });
    const r = minAreaRect([...q]);
    expect(r.width).toBeCloseTo(200, 5);
    expect(r.height).toBeCloseTo(20, 5);
    expect(r.angle).toBeCloseTo(angle, 5);
  });
  it('joins the pieces of one line split at a faint filler run, and keeps other lines apart', () => {
    const merged = mergeCollinearBoxes([
      { quad: box(10, 100, 300, 120), score: 0.9 },
      { quad: box(330, 101, 440, 121), score: 0.8 },
      { quad: box(10, 130, 440, 150), score: 0.9 },
    ]);
    expect(merged).toHaveLength(2);
    expect(quadSize(merged[0]?.quad as Quad).width).toBeCloseTo(430, 0);
  });
  it('rebuilds MRZ rows at the full width from an anchor and the pieces the detector found', () => {
    const anchor = box(10, 130, 440, 150); // the last line, complete
    const pieces = [box(10, 100, 200, 120), box(10, 70, 150, 90), box(600, 100, 700, 120)];
    const rows = mrzRows([anchor], pieces);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(quadSize(row).width).toBeCloseTo(430, 0);
  });
  it('reaches a row further where its own pieces start before the anchor (a zone sheared by an oblique view)', () => {
    const anchor = box(53, 112, 267, 124); // the first line of a TD1 card; each line below starts 5 px further left
    const rows = mrzRows([anchor], [box(48, 128, 271, 140), box(43, 145, 278, 157)]);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => Math.round(r[0].x))).toEqual([53, 48, 43]);
    expect(rows.map((r) => Math.round(r[1].x))).toEqual([267, 271, 278]);
  });
});

describe('fitTextToLayout (text recognisers)', () => {
  it('restores the line length in the longest filler run and maps look-alikes into the position class', () => {
    const classes = positionClasses('TD3')[1] as readonly string[];
    expect(fitTextToLayout('L898902C36UTO74O8122F12O4159ZE184226B<<<<<<<<10', classes)).toBe('L898902C36UTO7408122F1204159ZE184226B<<<<<10');
    expect(fitTextToLayout('L898902C36UTO7408122F1204159ZE184226B<<10', classes)).toHaveLength(44);
  });
});

describe('AAMVA', () => {
  const v10 = '@\n\x1e\rANSI 636000100002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN\nDACMICHAEL\nDDFN\nDADJOHN\nDDGN\nDCUJR\nDCAD\nDCBK\nDCDPH\nDBD06062019\nDBB06061986\nDBA12102024\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\nDAIRICHMOND\nDAJVA\nDAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\nDDB06062018\nDDC06062020\nDDD1\rZVZVA01\r';
  it('parses the 2020 Annex D sample payload', () => {
    const data = parseAamva(v10);
    expect(data).toMatchObject({ iin: '636000', aamvaVersion: 10 });
    expect(mapAamvaResult(data)).toEqual({
      firstName: 'MICHAEL JOHN',
      lastName: 'SAMPLE',
      fullName: 'MICHAEL JOHN SAMPLE',
      dateOfBirth: '1986-06-06',
      dateOfExpiry: '2024-12-10',
      documentNumber: 'T64235789',
      personalNumber: null,
      nationality: null,
      nationalityCountryId: null,
      issuingCountry: 'USA',
      issuingCountryId: '840',
    });
  });
  it('reads a version 1 payload with the DAA full name and Canadian dates', () => {
    const data = parseAamva('@\n\x1e\rANSI 6040000102DL00390187DLDAAMARTIN,SARAH,JANE\nDAQ123456\nDBB19850101\nDBA20301231\nDCGCAN\r');
    expect(mapAamvaResult(data)).toMatchObject({ lastName: 'MARTIN', firstName: 'SARAH JANE', dateOfBirth: '1985-01-01', dateOfExpiry: '2030-12-31', issuingCountry: 'CAN' });
  });
  it('throws AamvaFormatError naming the header it found', () => {
    expect(() => parseAamva('HELLO')).toThrow(AamvaFormatError);
    expect(() => parseAamva('HELLO')).toThrow(/header is "HELLO"/);
  });
  it('rejects impossible dates', () => {
    expect(aamvaDate('02302020', false)).toBeNull();
    expect(aamvaDate('02292020', false)).toBe('2020-02-29');
    expect(aamvaDate('13131313', false)).toBeNull();
  });
  it('reads a US date written CCYYMMDD (version 1) and a Canadian one written MMDDCCYY in the other order', () => {
    expect(aamvaDate('19860606', false)).toBe('1986-06-06');
    expect(aamvaDate('12102024', true)).toBe('2024-12-10');
    expect(aamvaDate('06061986', false)).toBe('1986-06-06');
  });
  it('takes the version 1 DAB surname, given names split by commas, and leaves out NONE and unavl', () => {
    const data = parseAamva('@\n\x1e\rANSI 636014010102DL00390187DLDABSMITH\nDACJOHN\nDADunavl\nDAQD1234567\nDBB19700101\nDBA20300101\r');
    expect(mapAamvaResult(data)).toMatchObject({ lastName: 'SMITH', firstName: 'JOHN', fullName: 'JOHN SMITH', dateOfBirth: '1970-01-01', issuingCountry: 'USA' });
    const v3 = parseAamva('@\n\x1e\rANSI 636026030102DL00390187DLDCSDOE\nDCTJANE,ANN\nDAQX1\nDBB01021980\nDBA01022030\r');
    expect(mapAamvaResult(v3)).toMatchObject({ lastName: 'DOE', firstName: 'JANE ANN', dateOfBirth: '1980-01-02' });
  });
});
