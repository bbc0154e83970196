import { describe, expect, it } from 'vitest';
import { parseAamva } from '../../../../functions/engines/document/barcode/parseAamva.ts';
import { issuerCountry, mapAamvaResult } from '../../../../functions/engines/document/barcode/mapAamvaResult.ts';

// Payloads written for these tests, each with one layout quirk found on issuers' cards (docs/document-verification.md
// "AAMVA payloads as issuers write them"); none is copied from a card.
const read = (text: string) => mapAamvaResult(parseAamva(text));

describe('parseAamva: headers and subfiles as issuers write them', () => {
  it('reads a header with a file separator (0x1C) where Annex D has RS', () => {
    expect(read('@\n\x1c\rANSI 636005080001DL00310058DLDAQX1\nDCSROE\nDACANN\nDBB01021990\nDBA01022030\nDBC2\nDCGUSA\r')).toMatchObject({ lastName: 'ROE', firstName: 'ANN', documentNumber: 'X1', dateOfBirth: '1990-01-02' });
  });
  it('reads a header without control characters, or with LF for CR', () => {
    expect(read('@ANSI 636005080001DL00300058DLDAQX1\nDCSROE\nDACANN\r').lastName).toBe('ROE');
    expect(read('@\n\x1e\nANSI 636005080001DL00310058DLDAQX1\nDCSROE\nDACANN\n').lastName).toBe('ROE');
  });
  it('reads a subfile without its DL designator from the end of the directory (version 1 and 4)', () => {
    expect(read('@\n\x1e\rAAMVA6360060101DL00290058DAAROE,ANN,B\nDAQX1\nDBB19900102\nDBA20300102\nDBC2\r')).toMatchObject({ lastName: 'ROE', firstName: 'ANN B', documentNumber: 'X1', dateOfBirth: '1990-01-02' });
    expect(read('@\n\x1e\rANSI 636061040001DL00310060DCAD\nDAQX1\nDCSROE\nDCTANN\nDBB01021990\nDBA01022030\r')).toMatchObject({ lastName: 'ROE', firstName: 'ANN', documentNumber: 'X1' });
  });
  it('reads a designator followed by a line feed, and never takes DL inside a value for it', () => {
    const data = parseAamva('@\n\x1e\rANSI 636020080001DL00310075DL\nDCSROE\nDACANN\nDADLYNN\nDAQX1\nDBB01021990\nDBA01022030\nDBC2\r');
    expect(data.elements).toMatchObject({ DCS: 'ROE', DAC: 'ANN', DAD: 'LYNN', DAQ: 'X1' });
    expect(mapAamvaResult(data)).toMatchObject({ lastName: 'ROE', firstName: 'ANN LYNN', dateOfExpiry: '2030-01-02' });
  });
  it('finds the subfile by its designator when the directory is malformed', () => {
    expect(read('@\n\nANSI 990876030001DLabacDLDCSROE\nDCTANN\nDAQX1\nDAJAB\r')).toMatchObject({ lastName: 'ROE', firstName: 'ANN', issuingCountry: 'CAN' });
  });
  it('reads version 2 payloads that leave out the jurisdiction version', () => {
    expect(read('@\n\x1e\rANSI 6360350201DL00290050DLDCSROE\nDCTANN\nDAQX1\r')).toMatchObject({ lastName: 'ROE', documentNumber: 'X1' });
  });
  it('still refuses a payload that is not AAMVA', () => {
    expect(() => parseAamva('PER12345678<<<<')).toThrow(/Not an AAMVA/);
  });
});

describe('mapAamvaResult: names, dates and countries as issuers write them', () => {
  it('reads a version 1 name written FIRST MIDDLE LAST without commas, a suffix after it', () => {
    expect(read('@\n\x1e\rANSI 6360250101DL00290058DLDAQX1\nDAAANN B ROE\nDBB19900102\r')).toMatchObject({ lastName: 'ROE', firstName: 'ANN B' });
    expect(read('@\n\x1e\rANSI 6360250101DL00290058DLDAQX1\nDAAANN B ROE JR\nDBB19900102\r')).toMatchObject({ lastName: 'ROE', firstName: 'ANN B' });
    expect(read('@\n\x1e\rANSI 6360250101DL00290058DLDAQX1\nDAAROE,ANN,B\r')).toMatchObject({ lastName: 'ROE', firstName: 'ANN B' });
  });
  it('reads dates written MM-DD-CCYY', () => {
    expect(read('@\n\x1e\rAAMVA63600401DL00280070DLDABROE\nDACANN\nDAQX1\nDBA01-02-2030\nDBB01-02-1990\nDBCF\r')).toMatchObject({ dateOfBirth: '1990-01-02', dateOfExpiry: '2030-01-02' });
  });
  it('takes the country from the IIN, or from a Canadian jurisdiction code, when DCG is absent', () => {
    expect(issuerCountry('636012', undefined)).toBe('CAN'); // Ontario
    expect(issuerCountry('604428', undefined)).toBe('CAN'); // Quebec
    expect(issuerCountry('604431', undefined)).toBe('USA'); // Puerto Rico
    expect(issuerCountry('604427', undefined)).toBe('USA'); // American Samoa
    expect(issuerCountry('636056', undefined)).toBe('MEX'); // Coahuila
    expect(issuerCountry('990876', 'AB')).toBe('CAN');
    expect(issuerCountry('636000', undefined)).toBe('USA');
    expect(read('@\n\x1e\rANSI 6360120101DL00290050DLDAAROE,ANN\nDAQX1\nDBB19900102\nDBA20300102\r')).toMatchObject({ issuingCountry: 'CAN', dateOfBirth: '1990-01-02' });
    expect(read('@\n\x1e\rANSI 604431020001DL00310050DLDCSROE\nDCTANN\nDAQX1\nDBB01021990\nDBA01022030\r')).toMatchObject({ issuingCountry: 'USA', dateOfBirth: '1990-01-02' });
  });
  it('returns no run-together value from a payload whose separators were lost', () => {
    const fields = read('@\n\x1e\rANSI 636024070001DL00310050DLDAQX1DCSROEDACANNDBB01021990DBA01022030DAG1 MAIN STREETDAIANYTOWNDAJVTDAK05401DCGUSA\r');
    expect(fields.documentNumber).toBeNull();
    const legacy = read('@ANSI 6360100102DL00390190DLDAAROE,ANNDAG1 MAIN STREETDAIANYTOWNDAJFLDAK33000DAQX1DBA20300102DBB19900102DBC2DBD20200102DAU600DAYBRODAWWHATEVERDAZ\r');
    expect(legacy.lastName).toBe('ROE');
    expect(legacy.firstName).toBeNull();
  });
});
