import ExcelJS from 'exceljs';
import { DomainError, InvalidInputError } from '../../../shared-kernel/index.js';
import { checkFiling } from '../domain/bank-question.aggregate.js';
import { checkQuestion, type QuestionFields, type QuestionKind } from '../domain/quiz.aggregate.js';

/** The most bytes and rows one import reads (a bank is built chapter by chapter, not in one file). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;
const IMPORT_MAX_ROWS_TEXT = '1 000';

/** One row of the file, as the preview lists it: its line in the file, what it says, and its problems in French. */
export interface ImportRow {
  line: number;
  category: string;
  kind: QuestionKind | null;
  questions: string;
  tags: string[];
  problems: string[];
  /** What the bank receives (null when the row has problems). */
  fields: QuestionFields | null;
}

/** The columns, as the template names them; headers are matched without case, accents or « (s) ». */
export const IMPORT_COLUMNS = ['Catégorie', 'Type', 'Question', 'Réponse 1', 'Réponse 2', 'Réponse 3', 'Réponse 4', 'Bonne(s) réponse(s)', 'Explication', 'Étiquettes'] as const;

type Column = 'category' | 'kind' | 'question' | 'ans1' | 'ans2' | 'ans3' | 'ans4' | 'answers' | 'rights' | 'explanation' | 'tags';

const HEADERS: Record<string, Column> = {
  categorie: 'category',
  type: 'kind',
  question: 'question',
  'reponse 1': 'ans1',
  'reponse 2': 'ans2',
  'reponse 3': 'ans3',
  'reponse 4': 'ans4',
  reponses: 'answers',
  'bonne reponse': 'rights',
  'bonnes reponses': 'rights',
  explication: 'explanation',
  etiquettes: 'tags',
  etiquette: 'tags',
};

const KINDS: Record<string, QuestionKind> = {
  'choix unique': 'single',
  'choix multiple': 'multiple',
  'choix multiples': 'multiple',
  'vrai faux': 'true-false',
  'vrai ou faux': 'true-false',
};

/** Lower case, no accents, « (s) » dropped, any run of spaces, dashes or slashes one space. */
const norm = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\(s\)/g, 's').replace(/[\s\-/_]+/g, ' ').trim();

/** A cell an export neutralised (shared-kernel/spreadsheet-text.ts) gets its text back: the leading apostrophe goes. */
export const unneutralise = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/**
 * Reads an import file (issue 28 item 2, ADR 0045): an .xlsx workbook (its first sheet) or a CSV
 * text (UTF-8 with or without BOM, « ; » or « , » between cells), with a header row. Problems of
 * the file itself (type, encoding, columns, size) are refused at once in French; each row's are
 * listed, every one, so the trainer corrects them all before anything is written.
 */
export async function readImport(file: Buffer): Promise<ImportRow[]> {
  if (file.length === 0) throw new InvalidInputError('Le fichier est vide.', 'file');
  if (file.length > IMPORT_MAX_BYTES) throw new InvalidInputError('Le fichier dépasse 2 Mo : découpez-le en plusieurs imports.', 'file');
  const table = isZip(file) ? await xlsxTable(file) : csvTable(file);
  const [header, ...rows] = table;
  if (!header || header.every((h) => h.trim() === '')) throw new InvalidInputError('Le fichier ne contient pas de ligne d’en-tête.', 'file');
  const columns = header.map((h, i) => {
    const text = unneutralise(h).trim();
    if (!text) return null;
    const column = HEADERS[norm(text)];
    if (!column) throw new InvalidInputError(`Colonne inconnue : « ${text} » (colonne ${i + 1}). Partez du modèle d’import.`, 'file');
    return column;
  });
  const has = (c: Column) => columns.includes(c);
  const missing = [
    ...(['category', 'kind', 'question', 'rights'] as const).filter((c) => !has(c)).map((c) => ({ category: 'Catégorie', kind: 'Type', question: 'Question', rights: 'Bonne(s) réponse(s)' })[c]),
    ...(!has('answers') && !(['ans1', 'ans2', 'ans3', 'ans4'] as const).every(has) ? ['Réponse 1 à Réponse 4 (ou Réponses)'] : []),
  ];
  if (missing.length > 0) throw new InvalidInputError(`Colonne${missing.length > 1 ? 's' : ''} manquante${missing.length > 1 ? 's' : ''} : ${missing.map((m) => `« ${m} »`).join(', ')}.`, 'file');
  const filled = rows.map((cells, i) => ({ cells, line: i + 2 })).filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  if (filled.length === 0) throw new InvalidInputError('Le fichier ne contient aucune question.', 'file');
  if (filled.length > IMPORT_MAX_ROWS) {
    throw new InvalidInputError(`Le fichier contient ${filled.length} questions : ${IMPORT_MAX_ROWS_TEXT} au plus par import. Découpez-le en plusieurs fichiers.`, 'file');
  }
  return filled.map(({ cells, line }) => {
    const get = (c: Column): string => {
      const i = columns.indexOf(c);
      return i < 0 ? '' : unneutralise(cells[i] ?? '').trim();
    };
    return readRow(line, get);
  });
}

function readRow(line: number, get: (c: Column) => string): ImportRow {
  const problems: string[] = [];
  const typeText = get('kind');
  const kind = typeText ? (KINDS[norm(typeText)] ?? null) : null;
  if (!typeText) problems.push('Le type est obligatoire (choix unique, choix multiples ou vrai-faux).');
  else if (!kind) problems.push(`Type inconnu : « ${typeText} » (choix unique, choix multiples ou vrai-faux).`);
  const questions = get('question');
  const category = get('category');
  const tags = splitList(get('tags'));
  try {
    checkFiling(category, tags);
  } catch (error) {
    problems.push(messageOf(error));
  }
  let fields: QuestionFields | null = null;
  if (!questions) problems.push('La question est obligatoire.');
  // The question's own problems are listed whatever the filing's: every problem of the row at once.
  const before = problems.length;
  if (kind) {
    const listed = get('answers');
    const answers = kind === 'true-false' ? ['', '', '', ''] : listed ? splitAnswers(listed) : [get('ans1'), get('ans2'), get('ans3'), get('ans4')];
    if (kind !== 'true-false' && answers.length !== 4) problems.push(`Il faut exactement 4 réponses (${answers.length} trouvée${answers.length > 1 ? 's' : ''}).`);
    const rightsText = get('rights');
    const rights = kind === 'true-false' ? null : rightNumbers(rightsText, answers, problems);
    if (!rightsText) problems.push('Indiquez la ou les bonnes réponses.');
    if (kind === 'single' && rights && rights.length > 1) problems.push('Une question à choix unique n’a qu’une bonne réponse.');
    if (questions && answers.length === 4 && (rights !== undefined || kind === 'true-false') && problems.length === before) {
      const candidate: QuestionFields = {
        kind, questions, answers: answers as [string, string, string, string], rightAnswer: kind === 'true-false' ? rightsText : '',
        ...(rights ? { rightAnswers: rights } : {}), explanation: get('explanation'),
      };
      try {
        checkQuestion(candidate);
        fields = candidate;
      } catch (error) {
        problems.push(messageOf(error));
      }
    }
  }
  return { line, category, kind, questions, tags, problems, fields: problems.length === 0 ? fields : null };
}

/** The right answers' numbers, by text (as written in the answers) or by number (1 to 4), separated by « | ». */
function rightNumbers(text: string, answers: string[], problems: string[]): number[] | undefined {
  if (!text) return undefined;
  const numbers: number[] = [];
  for (const part of splitAnswers(text)) {
    const byText = answers.findIndex((a) => a === part) + 1 || answers.findIndex((a) => norm(a) === norm(part)) + 1;
    const n = byText || (/^[1-4]$/.test(part) ? Number(part) : 0);
    if (!n) {
      problems.push(`La bonne réponse « ${part} » n’est pas parmi les réponses.`);
      return undefined;
    }
    if (!numbers.includes(n)) numbers.push(n);
  }
  return numbers;
}

const splitAnswers = (text: string): string[] => text.split('|').map((a) => a.trim()).filter((a) => a !== '');
const splitList = (text: string): string[] => text.split(/[|,]/).map((t) => t.trim()).filter((t) => t !== '');
const messageOf = (error: unknown): string => {
  if (error instanceof DomainError) return error.message;
  throw error;
};

const isZip = (file: Buffer): boolean => file.length > 4 && file.readUInt32LE(0) === 0x04034b50;

async function xlsxTable(file: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new InvalidInputError('Ce classeur ne peut pas être lu : enregistrez-le au format .xlsx ou .csv (UTF-8).', 'file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new InvalidInputError('Le classeur ne contient aucune feuille.', 'file');
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) {
    throw new InvalidInputError(`Le fichier contient ${sheet.actualRowCount - 1} questions : ${IMPORT_MAX_ROWS_TEXT} au plus par import. Découpez-le en plusieurs fichiers.`, 'file');
  }
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    table[number - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return value.result === undefined || value.result === null ? '' : cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

/** A CSV text: UTF-8 (a BOM dropped), « ; » or « , » between cells (whichever the header uses), quotes as RFC 4180. */
export function csvTable(file: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new InvalidInputError('Le fichier n’est ni un classeur .xlsx ni un CSV en UTF-8 : enregistrez-le en « CSV UTF-8 » ou en .xlsx.', 'file');
  }
  if (text.includes('\u0000')) throw new InvalidInputError('Le fichier n’est ni un classeur .xlsx ni un CSV en UTF-8 : enregistrez-le en « CSV UTF-8 » ou en .xlsx.', 'file');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const separator = count(firstLine, ';') >= count(firstLine, ',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (rows.length > IMPORT_MAX_ROWS + 1) break;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  if (rows.length > IMPORT_MAX_ROWS + 1 && rows.slice(1).filter((r) => r.some((c) => c.trim() !== '')).length > IMPORT_MAX_ROWS) {
    const total = text.split(/\r?\n/).slice(1).filter((l) => l.trim().replaceAll(separator, '') !== '').length;
    throw new InvalidInputError(`Le fichier contient ${total} questions : ${IMPORT_MAX_ROWS_TEXT} au plus par import. Découpez-le en plusieurs fichiers.`, 'file');
  }
  return rows;
}

const count = (text: string, c: string): number => text.split(c).length - 1;

/** The template the bank's page offers: the header row and three examples, one per type. */
export async function importTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LMS — centre de formation';
  const sheet = workbook.addWorksheet('Questions', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((header) => ({ header, width: header === 'Question' || header === 'Explication' ? 50 : 22 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows([
    ['Excel — formules', 'choix unique', 'Quelle fonction additionne une plage de cellules ?', 'SOMME', 'MOYENNE', 'NB', 'MAX', 'SOMME', 'SOMME(A1:A10) additionne les dix cellules.', 'formules'],
    ['Excel — formules', 'choix multiples', 'Lesquelles sont des fonctions de recherche ?', 'RECHERCHEV', 'SOMME', 'RECHERCHEX', 'ARRONDI', 'RECHERCHEV | RECHERCHEX', 'Toutes les bonnes réponses doivent être cochées.', 'recherche, formules'],
    ['Excel — bases', 'vrai-faux', 'Un classeur peut contenir plusieurs feuilles.', '', '', '', '', 'Vrai', '', 'bases'],
  ]);
  const notes = workbook.addWorksheet('Mode d’emploi');
  notes.columns = [{ width: 110 }];
  notes.addRows([
    ['Une ligne par question, sous la ligne d’en-tête de la feuille « Questions » (seule la première feuille est lue).'],
    ['Type : « choix unique », « choix multiples » ou « vrai-faux ».'],
    ['Réponses : les colonnes Réponse 1 à Réponse 4, ou une colonne « Réponses » avec les quatre séparées par « | ». Vides pour vrai-faux.'],
    ['Bonne(s) réponse(s) : le texte d’une réponse (ou son numéro, 1 à 4) ; plusieurs séparées par « | » pour les choix multiples ; « Vrai » ou « Faux ».'],
    ['Étiquettes : séparées par « | » ou « , » (10 au plus). Explication : facultative, montrée après la tentative.'],
    [`Au plus ${IMPORT_MAX_ROWS_TEXT} questions et 2 Mo par fichier. Un CSV est lu en UTF-8, avec « ; » ou « , » entre les cellules.`],
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
