import ExcelJS from 'exceljs';
import { InvalidInputError } from '../../../../shared-kernel/index.js';
import type { Cell } from '../../domain/student-import-rows.js';

export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;

const NOT_A_TABLE = 'Le fichier doit être un classeur Excel (.xlsx) ou un fichier CSV en UTF-8 (séparateur « ; » ou « , »).';

/** The rows of the first sheet (XLSX, recognised by its ZIP signature) or of a UTF-8 CSV: header first. */
export async function readTable(bytes: Buffer): Promise<Cell[][]> {
  if (bytes.length === 0) throw new InvalidInputError('Le fichier est vide.', 'file');
  if (bytes.length > IMPORT_FILE_MAX_BYTES) throw new InvalidInputError('Le fichier dépasse 10 Mo : découpez-le en plusieurs fichiers.', 'file');
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return readXlsx(bytes);
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf) throw new InvalidInputError('Les classeurs Excel 97-2003 (.xls) ne sont pas lus : enregistrez le fichier au format .xlsx ou CSV UTF-8.', 'file');
  const text = decodeUtf8(bytes);
  return parseCsv(text);
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new InvalidInputError('Le fichier CSV n’est pas en UTF-8 : dans Excel, enregistrez-le en « CSV UTF-8 (délimité par des points-virgules) ».', 'file');
  }
}

async function readXlsx(bytes: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new InvalidInputError(NOT_A_TABLE, 'file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new InvalidInputError(NOT_A_TABLE, 'file');
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(xlsxCell(row.getCell(c).value));
    rows[number - 1] = cells;
  });
  return Array.from(rows, (row) => row ?? []);
}

/** An XLSX value as a cell: rich text joined, a hyperlink's text; a formula is never evaluated, its text is kept (and refused as a formula). */
function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'VRAI' : 'FAUX';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return `=${(value as { formula?: string }).formula ?? ''}`;
    if ('text' in value) return typeof value.text === 'string' ? value.text : null;
    if ('error' in value) return null;
  }
  return null;
}

/** RFC 4180 CSV with « ; » or « , » (the one of the header line that splits it in more columns), quotes doubled inside quotes. */
export function parseCsv(text: string): Cell[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = count(firstLine, ';') >= count(firstLine, ',') ? ';' : ',';
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const count = (text: string, ch: string) => text.split(ch).length - 1;

/** The template an admin downloads: the header row and one example row, as XLSX. */
export async function templateWorkbook(headers: string[], example: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Étudiants');
  sheet.addRow(headers).font = { bold: true };
  sheet.addRow(example);
  sheet.columns.forEach((column) => (column.width = 22));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
