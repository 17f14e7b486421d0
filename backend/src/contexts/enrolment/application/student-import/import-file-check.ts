import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { COURSE_SUMMARY } from '../../../catalogue/contracts/catalogue.read-models.js';
import { CheckImportIdentities } from '../../../identity/contracts/identity.imports.js';
import {
  IMPORT_MESSAGES, markDuplicates, readHeader, readRow, resolveRow, type Cell, type ImportLookups, type ParsedRow, type ResolvedRow,
} from '../../domain/student-import-rows.js';
import { readTable } from './import-file.js';

/** The most rows one file may hold (the target is 10,000: issue 29 item 3). */
export const IMPORT_MAX_ROWS = 20_000;

export interface CheckedFile {
  fileSha256: string;
  /** Problems of the file itself (columns, no rows): nothing can be read row by row until they are fixed. */
  fileProblems: string[];
  rows: ParsedRow[];
  resolved: ResolvedRow[];
}

/**
 * Reads a learners' file and lists every problem (docs/adr/0052): the rows' own (domain), then,
 * in set-based reads, what they name — e-mails and case numbers identity already has, trainers
 * (identity's answers), published courses (the catalogue's published view) and sessions (this
 * context's). Writes nothing.
 */
@Injectable()
export class ImportFileCheck {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async check(actor: Actor, bytes: Buffer): Promise<CheckedFile> {
    const fileSha256 = createHash('sha256').update(bytes).digest('hex');
    // The file's table is let go once its rows are read (one copy of the rows from here on).
    const { fileProblems, rows } = readRows(await readTable(bytes));
    if (fileProblems.length > 0) return { fileSha256, fileProblems, rows: [], resolved: [] };
    markDuplicates(rows);
    const lookups = await this.lookups(actor, rows);
    const resolved = rows.map((row) => resolveRow(row, lookups));
    return { fileSha256, fileProblems, rows, resolved };
  }

  private async lookups(actor: Actor, rows: ParsedRow[]): Promise<ImportLookups> {
    const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];
    const [identities, courses, sessions] = await Promise.all([
      this.queries.execute(
        new CheckImportIdentities(actor, {
          emails: distinct(rows.map((r) => r.email)),
          dossiers: distinct(rows.map((r) => r.numeroDossier)),
          trainerEmails: distinct(rows.map((r) => r.formateur)),
        }),
      ),
      this.db.query<{ course_id: number; title: string }>(`select course_id, title from ${COURSE_SUMMARY} where archived_at is null and status = 'published'`),
      this.db.query<{ id: number; course_id: number; name: string }>(`select id, course_id, name from enrolment.training_session`),
    ]);
    const coursesByTitle = new Map<string, number[]>();
    for (const c of courses) coursesByTitle.set(c.title.trim().toLowerCase(), [...(coursesByTitle.get(c.title.trim().toLowerCase()) ?? []), c.course_id]);
    const sessionsByName = new Map<string, number[]>();
    for (const s of sessions) sessionsByName.set(s.name.trim().toLowerCase(), [...(sessionsByName.get(s.name.trim().toLowerCase()) ?? []), s.id]);
    return {
      takenEmails: new Set(identities.takenEmails),
      takenDossiers: new Set(identities.takenDossiers),
      trainers: new Map(identities.trainers.map((t) => [t.email, t.refused ? { refused: t.refused } : { teacherId: t.teacherId }])),
      coursesById: new Map(courses.map((c) => [c.course_id, c.title])),
      coursesByTitle,
      sessionsById: new Map(sessions.map((s) => [s.id, { courseId: s.course_id, name: s.name }])),
      sessionsByName,
    };
  }
}

/** The rows of a file's table under its header, or the file's own problems. */
function readRows(table: Cell[][]): { fileProblems: string[]; rows: ParsedRow[] } {
  const empty = (cells: unknown[]) => cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));
  const headerAt = table.findIndex((cells) => !empty(cells));
  if (headerAt < 0) return { fileProblems: [IMPORT_MESSAGES.noRows], rows: [] };
  const header = readHeader(table[headerAt]);
  const data = table.slice(headerAt + 1).map((cells, i) => ({ cells, line: headerAt + i + 2 })).filter(({ cells }) => !empty(cells));
  const fileProblems = [...header.problems];
  if (data.length === 0) fileProblems.push(IMPORT_MESSAGES.noRows);
  if (data.length > IMPORT_MAX_ROWS) fileProblems.push(IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS));
  if (fileProblems.length > 0) return { fileProblems, rows: [] };
  return { fileProblems, rows: data.map(({ cells, line }) => readRow(header.columns, cells, line)) };
}
