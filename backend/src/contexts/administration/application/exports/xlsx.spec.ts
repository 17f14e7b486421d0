import { contentDisposition, neutralise, safeFileName, sheetName } from './xlsx.js';

describe('spreadsheet hygiene', () => {
  it('neutralises text a spreadsheet would read as a formula', () => {
    for (const text of ['=1+1', '+33 6', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutralise(text)).toBe(`'${text}`);
    for (const text of ['Léa', '1+1', ' =x', "l'=x", '']) expect(neutralise(text)).toBe(text);
  });

  it('names sheets as Excel accepts them', () => {
    expect(sheetName('Progression')).toBe('Progression');
    expect(sheetName('a:b\\c/d?e*f[g]h')).toBe('a b c d e f g h');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName("'[]'")).toBe('Feuille');
  });

  it('names files safely, with a UTF-8 name beside an ASCII one', () => {
    expect(safeFileName('Progression_lea.dubois')).toBe('Progression_lea.dubois.xlsx');
    expect(safeFileName('Utilisateur_../../etc/passwd')).toBe('Utilisateur_.._.._etc_passwd.xlsx');
    expect(safeFileName('Utilisateur_a"b\r\nc')).toBe('Utilisateur_a_b_c.xlsx');
    expect(safeFileName('...')).toBe('export.xlsx');
    expect(contentDisposition('Utilisateur_Inès.xlsx')).toBe(`attachment; filename="Utilisateur_Ines.xlsx"; filename*=UTF-8''Utilisateur_In%C3%A8s.xlsx`);
  });
});
