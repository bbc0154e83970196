/**
 * Parsers on small inline samples: formats without a full real file here (EU FSF), and edge cases of the others.
 */
import { describe, expect, it } from 'vitest';
import { AmlSourceParseError } from '../../../../../functions/engines/aml/errors.ts';
import { parseSourceFiles } from '../../../../../functions/engines/aml/parsers/parseSourceFiles.ts';
import { parseOfacRemarks } from '../../../../../functions/engines/aml/parsers/parseOfacRemarks.ts';
import { parseOfsiConList } from '../../../../../functions/engines/aml/parsers/parseOfsiConList.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('EU FSF XML (from the published schema; sample records)', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-08-05T16:47:04.449+02:00" globalFileId="184961">
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.27.28" logicalId="13">
    <regulation regulationType="regulation" programme="IRQ" logicalId="348"><publicationUrl>http://eur-lex.europa.eu/x</publicationUrl></regulation>
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="Saddam" middleName="" lastName="Hussein Al-Tikriti" wholeName="Saddam Hussein Al-Tikriti" gender="M" strong="true" logicalId="17"/>
    <nameAlias wholeName="Abu Ali" strong="false" logicalId="19"/>
    <citizenship region="" countryIso2Code="IQ" countryDescription="IRAQ" logicalId="1"/>
    <birthdate circa="false" calendarType="GREGORIAN" birthdate="1937-04-28" dayOfMonth="28" monthOfYear="4" year="1937" countryIso2Code="00" countryDescription="UNKNOWN" logicalId="1"/>
    <identification number="A1234567" identificationTypeCode="passport" countryIso2Code="IQ" logicalId="2"/>
  </sanctionEntity>
  <sanctionEntity euReferenceNumber="EU.3523.13" logicalId="207">
    <subjectType code="enterprise" classificationCode="E"/>
    <nameAlias wholeName="İslami Büyük Doğu Akıncılar Cephesi" strong="true" logicalId="6068"/>
    <nameAlias wholeName="Фронт на великите ислямски източни воини" nameLanguage="BG" strong="true" logicalId="5659"/>
    <birthdate year="1970" logicalId="9"/>
  </sanctionEntity>
</export>`;
  it('reads persons and enterprises, strong and weak aliases, dates and citizenships', async () => {
    const parsed = await parseSourceFiles('eu_fsf_xml', [{ location: 'eu.xml', bytes: bytes(xml) }], 'eu_fsf');
    expect(parsed.publishedAt).toBe('2026-08-05');
    expect(parsed.entities).toEqual([
      {
        id: 'eu_fsf:EU.27.28',
        sourceId: 'eu_fsf',
        nativeId: 'EU.27.28',
        entityType: 'person',
        types: ['sanction'],
        names: [
          { value: 'Saddam Hussein Al-Tikriti', kind: 'primary', script: 'Latn' },
          { value: 'Abu Ali', kind: 'weak', script: 'Latn' },
        ],
        birthDates: ['1937-04-28'],
        nationalities: ['IQ'],
        countries: ['IQ'],
        gender: 'male',
        identifiers: [{ type: 'passport', value: 'A1234567', country: 'IQ' }],
        programs: ['IRQ'],
      },
      {
        id: 'eu_fsf:EU.3523.13',
        sourceId: 'eu_fsf',
        nativeId: 'EU.3523.13',
        entityType: 'company',
        types: ['sanction'],
        names: [
          { value: 'İslami Büyük Doğu Akıncılar Cephesi', kind: 'primary', script: 'Latn' },
          { value: 'Фронт на великите ислямски източни воини', kind: 'aka', script: 'Cyrl' },
        ],
        birthDates: ['1970'],
        nationalities: [],
        countries: [],
        identifiers: [],
        programs: [],
      },
    ]);
  });
  it('throws a parse error naming the file when the root is not export', async () => {
    await expect(parseSourceFiles('eu_fsf_xml', [{ location: 'eu.xml', bytes: bytes('<other/>') }], 'eu_fsf')).rejects.toThrow(AmlSourceParseError);
    await expect(parseSourceFiles('eu_fsf_xml', [{ location: 'eu.xml', bytes: bytes('<other/>') }], 'eu_fsf')).rejects.toThrow(/eu\.xml/);
  });
});

describe('OFAC legacy CSV edge cases', () => {
  it('treats -0- as null, skips the trailing Ctrl-Z, and reads entities without add/alt files', async () => {
    const sdn = '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n15036,"OCEAN STAR","vessel","CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n\u001a';
    const parsed = await parseSourceFiles('ofac_legacy_csv', [{ location: 'sdn.csv', bytes: bytes(sdn) }], 'us_ofac_sdn');
    expect(parsed.entities.map((e) => [e.id, e.entityType, e.names[0]?.value])).toEqual([['us_ofac_sdn:36', 'company', 'AEROCARIBBEAN AIRLINES']]);
    expect(parsed.skipped).toBe(1);
  });
  it('rejects a file that is not sdn.csv', async () => {
    await expect(parseSourceFiles('ofac_legacy_csv', [{ location: 'x.csv', bytes: bytes('a,b\n1,2\n') }], 's')).rejects.toThrow(AmlSourceParseError);
  });
  it('reads the Remarks phrases the matcher uses', () => {
    expect(
      parseOfacRemarks("DOB 14 Jun 1975; alt. DOB 1976; POB Leningrad, Russia; nationality Russia; Gender Male; Passport 717637093 (Russia) issued 2010; a.k.a. 'IVAN'."),
    ).toEqual({
      birthDates: ['1975-06-14', '1976'],
      nationalities: ['RU'],
      birthCountries: ['RU'],
      gender: 'male',
      identifiers: [{ type: 'passport', value: '717637093', country: 'RU' }],
      akas: ['IVAN'],
    });
  });
});

describe('OFSI ConList rows (CSV form)', () => {
  it('reads the same columns from CSV rows, with 00 date parts and numbered nationalities', () => {
    const header = ['Name 6', 'Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Title', 'Name Non-Latin Script', 'DOB', 'Nationality', 'Passport Number', 'National Identification Number', 'Country', 'Other Information', 'Group Type', 'Alias Type', 'Alias Quality', 'Regime', 'Group ID'];
    const row = (cells: Record<string, string>) => header.map((h) => cells[h] ?? '');
    const parsed = parseOfsiConList(
      [
        ['Last Updated', '14/04/2025'],
        header,
        row({ 'Name 6': 'DOE', 'Name 1': 'John', DOB: '00/00/1970', Nationality: '(1) Germany. (2) Morocco', 'Group Type': 'Individual', 'Alias Type': 'Primary name', 'Group ID': '1', 'Other Information': '(Gender):Male', 'Passport Number': '(1) X1234567 (2) Y7654321' }),
        row({ 'Name 6': 'DOH', 'Name 1': 'Jon', 'Group Type': 'Individual', 'Alias Type': 'AKA', 'Alias Quality': 'Low', 'Group ID': '1' }),
        row({ 'Name 6': 'SHIP', 'Group Type': 'Ship', 'Alias Type': 'Primary name', 'Group ID': '2' }),
      ],
      'gb_ofsi',
    );
    expect(parsed.publishedAt).toBe('2025-04-14');
    expect(parsed.skipped).toBe(1);
    expect(parsed.entities[0]).toMatchObject({
      id: 'gb_ofsi:1',
      names: [{ value: 'John DOE', kind: 'primary' }, { value: 'Jon DOH', kind: 'weak' }],
      birthDates: ['1970'],
      nationalities: ['DE', 'MA'],
      gender: 'male',
      identifiers: [{ type: 'passport', value: 'X1234567' }, { type: 'passport', value: 'Y7654321' }],
    });
  });
  it('throws when the header row is missing', () => {
    expect(() => parseOfsiConList([['a', 'b']], 'gb_ofsi')).toThrow(AmlSourceParseError);
  });
});
