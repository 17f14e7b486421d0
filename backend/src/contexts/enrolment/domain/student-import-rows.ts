import { isEmail } from 'class-validator';
import type { ImportedStudentInput } from '../../identity/contracts/identity.imports.js';

/**
 * The rules of a learners' file (issue 29 item 3, docs/adr/0052), without I/O: which columns it
 * has, how each cell reads (a neutralised cell's apostrophe, French and Excel dates, « Nom
 * complet »), and every problem of every row, in French, before anything is written. What the
 * rows name elsewhere (taken e-mails, courses, sessions, trainers) is checked by `resolveRows`
 * with the answers the contexts gave.
 */

/** A cell as the file reader gives it: text (CSV, or an XLSX text cell), a number, a date (XLSX), or nothing. */
export type Cell = string | number | Date | null;

export type ColumnKey =
  | 'prenom' | 'nom' | 'nomComplet' | 'email' | 'telephone' | 'numeroDossier' | 'typeDossier' | 'typeFormation' | 'formations' | 'session' | 'dateEntree'
  | 'dateSortie' | 'formateur';

/** The header the template writes for each column (and the one a problem names). */
export const COLUMN_LABELS: Record<ColumnKey, string> = {
  prenom: 'Prénom',
  nom: 'Nom',
  nomComplet: 'Nom complet',
  email: 'Email',
  telephone: 'Téléphone',
  numeroDossier: 'Numéro de dossier',
  typeDossier: 'Type de dossier',
  typeFormation: 'Type de formation',
  formations: 'Formation(s)',
  session: 'Session',
  dateEntree: "Date d'entrée",
  dateSortie: 'Date de sortie',
  formateur: 'Formateur (e-mail)',
};

/** The template's columns, in order. */
export const TEMPLATE_COLUMNS: ColumnKey[] = [
  'prenom', 'nom', 'email', 'telephone', 'numeroDossier', 'typeDossier', 'typeFormation', 'formations', 'session', 'dateEntree', 'dateSortie', 'formateur',
];

/** Header spellings met in centres' files, compared without accents, case, spaces nor punctuation. */
const ALIASES: Record<string, ColumnKey> = {
  prenom: 'prenom', nom: 'nom', nomdefamille: 'nom', nomcomplet: 'nomComplet', email: 'email', mail: 'email', adresseemail: 'email', adressemail: 'email',
  courriel: 'email', telephone: 'telephone', tel: 'telephone', portable: 'telephone', numerodedossier: 'numeroDossier', numerodossier: 'numeroDossier',
  ndossier: 'numeroDossier', typededossier: 'typeDossier', typedossier: 'typeDossier', typedeformation: 'typeFormation', typeformation: 'typeFormation',
  formations: 'formations', formation: 'formations', cours: 'formations', session: 'session', sessiondeformation: 'session', datedentree: 'dateEntree',
  dateentree: 'dateEntree', datedesortie: 'dateSortie', datesortie: 'dateSortie', formateur: 'formateur', formateuremail: 'formateur', emailduformateur: 'formateur',
};

const PASSWORD_HEADER = /^(motdepasse|password|mdp|motdepasselms)$/;

export const normaliseHeader = (header: string): string =>
  header.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '');

export const IMPORT_MESSAGES = {
  noRows: 'Le fichier ne contient aucune ligne d’étudiant sous la ligne des en-têtes.',
  tooManyRows: (max: number) => `Le fichier contient plus de ${max.toLocaleString('fr-FR')} lignes : découpez-le en plusieurs fichiers.`,
  missingNames: 'Colonnes manquantes : « Prénom » et « Nom », ou « Nom complet ».',
  missingEmail: 'Colonne manquante : « Email » (laissez la cellule vide pour un étudiant sans adresse e-mail).',
  unknownColumn: (header: string) => `Colonne inconnue : « ${header} ». Colonnes acceptées : ${TEMPLATE_COLUMNS.map((c) => COLUMN_LABELS[c]).join(', ')}, Nom complet.`,
  duplicateColumn: (header: string) => `La colonne « ${header} » apparaît deux fois.`,
  passwordColumn: 'Le fichier ne doit pas contenir de mot de passe : chaque étudiant reçoit un lien d’activation pour choisir le sien. Retirez la colonne.',
} as const;

/** One row of the file once read: the record as identity takes it, still naming courses, session and trainer as written. */
export interface ParsedRow extends Omit<ImportedStudentInput, 'trainerId'> {
  /** The Formation(s) cell split on « ; »: course titles or ids. */
  formations: string[];
  session: string | null;
  formateur: string | null;
  problems: string[];
}

export interface HeaderCheck {
  columns: (ColumnKey | null)[];
  problems: string[];
}

/** Maps the header row to the columns; missing, unknown, doubled and password columns are file problems. */
export function readHeader(header: Cell[]): HeaderCheck {
  const columns: (ColumnKey | null)[] = [];
  const problems: string[] = [];
  const seen = new Set<ColumnKey>();
  for (const cell of header) {
    const text = cellText(cell);
    const key = normaliseHeader(text);
    if (key === '') {
      columns.push(null);
      continue;
    }
    if (PASSWORD_HEADER.test(key)) {
      problems.push(IMPORT_MESSAGES.passwordColumn);
      columns.push(null);
      continue;
    }
    const column = ALIASES[key];
    if (!column) problems.push(IMPORT_MESSAGES.unknownColumn(text));
    else if (seen.has(column)) problems.push(IMPORT_MESSAGES.duplicateColumn(text));
    if (column) seen.add(column);
    columns.push(column ?? null);
  }
  if (!(seen.has('nomComplet') || (seen.has('prenom') && seen.has('nom')))) problems.push(IMPORT_MESSAGES.missingNames);
  if (!seen.has('email')) problems.push(IMPORT_MESSAGES.missingEmail);
  return { columns, problems };
}

/** A cell as text: trimmed, a spreadsheet's neutralising apostrophe removed (`'+33…` → `+33…`). */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return isoDay(cell);
  const text = String(cell).replace(/^\uFEFF/, '').trim();
  return text.startsWith("'") ? text.slice(1).trim() : text;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const formulaProblem = (label: string) => `${label} commence par « = », « + », « - » ou « @ » : une formule n’est pas acceptée.`;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A calendar date between 1900 and 2100: `JJ/MM/AAAA` (or with - or .), `AAAA-MM-JJ`, an Excel date or serial number. */
export function readDate(cell: Cell, label: string): { value: string | null; problem: string | null } {
  if (cell === null || cell === '') return { value: null, problem: null };
  let y: number;
  let m: number;
  let d: number;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return { value: null, problem: `${label} n’est pas une date.` };
    [y, m, d] = [cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()];
  } else if (typeof cell === 'number' || /^\d{1,6}(\.\d+)?$/.test(cellText(cell))) {
    // An Excel serial (days since 1899-12-30, the 1900 leap-year bug included), when a date cell lost its format.
    const serial = Math.floor(Number(typeof cell === 'number' ? cell : cellText(cell)));
    const date = new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000);
    [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  } else {
    const text = cellText(cell);
    const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (french) [d, m, y] = [Number(french[1]), Number(french[2]), Number(french[3])];
    else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else return { value: null, problem: `${label} « ${text.slice(0, 40)} » n’est pas une date au format JJ/MM/AAAA.` };
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return { value: null, problem: `${label} n’existe pas (${pad(d)}/${pad(m)}/${y}).` };
  if (y < 1900 || y > 2100) return { value: null, problem: `${label} doit être entre 1900 et 2100 (${pad(d)}/${pad(m)}/${y}).` };
  return { value: isoDay(date), problem: null };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `prenom nom` → the first word and the rest: the administrative record's rule (docs/adr/0015). */
export function splitNomComplet(fullname: string): { prenom: string; nom: string } {
  const trimmed = fullname.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space < 0 ? { prenom: trimmed, nom: '' } : { prenom: trimmed.slice(0, space), nom: trimmed.slice(space + 1) };
}

const LIMITS: Partial<Record<ColumnKey, number>> = { prenom: 100, nom: 100, telephone: 30, numeroDossier: 50, typeDossier: 100, typeFormation: 100 };

/** Reads one data row; its own problems (names, e-mail, dates, formulas, lengths) are listed on it. */
export function readRow(columns: (ColumnKey | null)[], cells: Cell[], line: number): ParsedRow {
  const raw = new Map<ColumnKey, Cell>();
  columns.forEach((column, index) => {
    if (column) raw.set(column, cells[index] ?? null);
  });
  const problems: string[] = [];
  const text = (column: ColumnKey): string => {
    const value = cellText(raw.get(column) ?? null);
    const label = `« ${COLUMN_LABELS[column]} »`;
    const phone = column === 'telephone' && /^\+?[\d .()-]+$/.test(value);
    if (!phone && FORMULA_START.test(value)) {
      problems.push(formulaProblem(label));
      return '';
    }
    const max = LIMITS[column];
    if (max && [...value].length > max) problems.push(`${label} dépasse ${max} caractères.`);
    return value;
  };
  let prenom = text('prenom');
  let nom = text('nom');
  const complet = text('nomComplet');
  if (!prenom && !nom && complet) ({ prenom, nom } = splitNomComplet(complet));
  if (!prenom) problems.push('Le prénom est manquant.');
  if (!nom) problems.push('Le nom est manquant.');
  const emailText = text('email').toLowerCase();
  if (emailText && (!isEmail(emailText) || emailText.length > 254)) problems.push(`L’adresse e-mail « ${emailText.slice(0, 80)} » n’est pas valide.`);
  const formateur = text('formateur').toLowerCase() || null;
  if (formateur && !isEmail(formateur)) problems.push(`Le formateur doit être donné par son adresse e-mail (« ${formateur.slice(0, 80)} »).`);
  const entree = readDate(raw.get('dateEntree') ?? null, "La date d'entrée");
  const sortie = readDate(raw.get('dateSortie') ?? null, 'La date de sortie');
  for (const p of [entree.problem, sortie.problem]) if (p) problems.push(p);
  if (entree.value && sortie.value && sortie.value < entree.value) problems.push("La date de sortie précède la date d'entrée.");
  const formations = text('formations')
    .split(';')
    .map((f) => f.trim())
    .filter(Boolean);
  return {
    line,
    prenom,
    nom,
    email: emailText || null,
    telephone: text('telephone'),
    numeroDossier: text('numeroDossier') || null,
    typeDossier: text('typeDossier'),
    typeFormation: text('typeFormation'),
    formations,
    session: text('session') || null,
    dateEntree: entree.value,
    dateSortie: sortie.value,
    formateur,
    problems,
  };
}

/** Duplicates inside the file: the same e-mail or case number on two rows, each row naming the other. */
export function markDuplicates(rows: ParsedRow[]): void {
  const by = (key: (row: ParsedRow) => string | null, message: (value: string, lines: number[]) => string) => {
    const groups = new Map<string, ParsedRow[]>();
    for (const row of rows) {
      const value = key(row);
      if (value) groups.set(value, [...(groups.get(value) ?? []), row]);
    }
    for (const [value, group] of groups) {
      if (group.length < 2) continue;
      for (const row of group) row.problems.push(message(value, group.filter((other) => other !== row).map((other) => other.line)));
    }
  };
  by((r) => r.email, (email, lines) => `L’adresse e-mail « ${email} » figure aussi ${lineList(lines)}.`);
  by((r) => r.numeroDossier?.toLowerCase() ?? null, (n, lines) => `Le numéro de dossier « ${n} » figure aussi ${lineList(lines)}.`);
}

const lineList = (lines: number[]) =>
  lines.length === 1 ? `à la ligne ${lines[0]}` : `aux lignes ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? '…' : ''}`;

/** What the contexts answered about the names a file uses. */
export interface ImportLookups {
  takenEmails: Set<string>;
  takenDossiers: Set<string>;
  /** Trainers by e-mail: their id, or a French reason they cannot follow learners. */
  trainers: Map<string, { teacherId: number } | { refused: string }>;
  /** Live, published courses: by id, and by title (lower case) with every id bearing it. */
  coursesById: Map<number, string>;
  coursesByTitle: Map<string, number[]>;
  /** Sessions by id, and by name (lower case), with their course. */
  sessionsById: Map<number, { courseId: number; name: string }>;
  sessionsByName: Map<string, number[]>;
}

/** A row ready to import: what identity creates (trainer as an id), and the courses and session enrolment enrols in. */
export interface ResolvedRow extends ImportedStudentInput {
  /** The formations' names for the record: the courses' titles as the catalogue writes them. */
  formations: string[];
  courseIds: number[];
  sessionId: number | null;
}

/** Checks what a row names against the contexts' answers; adds the problems to the row and answers it resolved. */
export function resolveRow(row: ParsedRow, lookups: ImportLookups): ResolvedRow {
  if (row.email && lookups.takenEmails.has(row.email)) row.problems.push(`L’adresse e-mail « ${row.email} » est déjà celle d’un compte de la plateforme.`);
  if (row.numeroDossier && lookups.takenDossiers.has(row.numeroDossier.toLowerCase()))
    row.problems.push(`Le numéro de dossier « ${row.numeroDossier} » est déjà celui d’un autre étudiant.`);
  const courseIds: number[] = [];
  const titles: string[] = [];
  for (const formation of row.formations) {
    const byId = /^\d{1,9}$/.test(formation) ? Number(formation) : null;
    const ids = byId !== null ? (lookups.coursesById.has(byId) ? [byId] : []) : (lookups.coursesByTitle.get(formation.toLowerCase()) ?? []);
    if (ids.length === 0) row.problems.push(`Formation inconnue : « ${formation.slice(0, 120)} » (aucun cours publié ne porte ce titre ou ce numéro).`);
    else if (ids.length > 1) row.problems.push(`Plusieurs cours s’appellent « ${formation.slice(0, 120)} » : indiquez son numéro (${ids.join(', ')}).`);
    else if (!courseIds.includes(ids[0])) {
      courseIds.push(ids[0]);
      titles.push(lookups.coursesById.get(ids[0])!);
    }
  }
  let sessionId: number | null = null;
  if (row.session) {
    const byId = /^\d{1,9}$/.test(row.session) ? Number(row.session) : null;
    const ids = byId !== null ? (lookups.sessionsById.has(byId) ? [byId] : []) : (lookups.sessionsByName.get(row.session.toLowerCase()) ?? []);
    if (ids.length === 0) row.problems.push(`Session inconnue : « ${row.session.slice(0, 120)} ».`);
    else if (ids.length > 1) row.problems.push(`Plusieurs sessions s’appellent « ${row.session.slice(0, 120)} » : indiquez son numéro (${ids.join(', ')}).`);
    else {
      sessionId = ids[0];
      const courseId = lookups.sessionsById.get(sessionId)!.courseId;
      if (!courseIds.includes(courseId)) {
        const title = lookups.coursesById.get(courseId);
        if (title === undefined) row.problems.push(`Le cours de la session « ${row.session.slice(0, 120)} » n’est pas publié : personne ne peut y être inscrit.`);
        else {
          courseIds.push(courseId);
          titles.push(title);
        }
      }
    }
  }
  let trainerId: number | null = null;
  if (row.formateur) {
    const trainer = lookups.trainers.get(row.formateur);
    if (!trainer) row.problems.push(`Formateur inconnu : aucun formateur n’a l’adresse « ${row.formateur} ».`);
    else if ('refused' in trainer) row.problems.push(trainer.refused);
    else trainerId = trainer.teacherId;
  }
  return {
    line: row.line, prenom: row.prenom, nom: row.nom, email: row.email, telephone: row.telephone, numeroDossier: row.numeroDossier, typeDossier: row.typeDossier,
    typeFormation: row.typeFormation, formations: titles.length > 0 ? titles : row.formations, courseIds, sessionId, dateEntree: row.dateEntree, dateSortie: row.dateSortie,
    trainerId,
  };
}
