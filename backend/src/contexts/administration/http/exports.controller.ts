import { PassThrough } from 'node:stream';
import { Controller, Get, Logger, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { assertAdmin } from '../../../platform/auth/ownership.js';
import { Database } from '../../../platform/database/database.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { PROGRESS_COLUMNS, PROGRESS_SHEET, progressCells } from '../application/exports/progress-export.js';
import { countStudents, STUDENT_COLUMNS, studentBatches, studentCells, STUDENTS_SHEET } from '../application/exports/students-export.js';
import { contentDisposition, safeFileName, streamWorkbook, XLSX_TYPE, type ColumnSpec } from '../application/exports/xlsx.js';
import { countMatching, progressBatches, type ProgressFilter } from '../application/progress-rows.js';
import { ProgressFilterQuery, StudentExportQuery } from './administration.requests.js';

/** Bytes of compressed sheet per row measured on 10,000 students (docs/administration.md): an estimate for a progress bar. */
const BYTES_PER_ROW = { progress: 62, students: 49 };
const WORKBOOK_OVERHEAD = 6_000;

const FILE_RESPONSE = {
  status: 200,
  description: 'Le classeur .xlsx, envoyé au fil de son écriture ; en-têtes X-Export-Rows et X-Export-Estimated-Bytes',
  content: { [XLSX_TYPE]: { schema: { type: 'string' as const, format: 'binary' } } },
  headers: {
    'X-Export-Rows': { description: 'Lignes du classeur (hors en-tête), comptées avant l’écriture', schema: { type: 'integer' as const } },
    'X-Export-Estimated-Bytes': { description: 'Taille estimée du fichier (octets), pour une barre de progression', schema: { type: 'integer' as const } },
  },
};

/**
 * The back office's Excel exports (spec 03, issue 13), built on the server over every matching row
 * and streamed as they are written (docs/administration.md): Content-Length is unknown, so the
 * answer says first how many rows it holds (`X-Export-Rows`) and about how many bytes it will be
 * (`X-Export-Estimated-Bytes`), for a progress bar read from the response's stream.
 */
@ApiTags('Administration — exports')
@Controller()
export class ExportsController {
  private readonly logger = new Logger('Exports');

  constructor(private readonly db: Database) {}

  @Get('admin/exports/progress')
  @Authenticated('admin')
  @ApiOperation({
    summary: 'Progression_Etudiants.xlsx (ou Progression_{start}_to_{end}.xlsx avec les deux dates) : feuille « Progression », tous les étudiants correspondants',
  })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(FILE_RESPONSE)
  async progress(@CurrentActor() actor: Actor, @Query() query: ProgressFilterQuery, @Res() reply: FastifyReply): Promise<void> {
    assertAdmin(actor);
    const filter = query.toFilter();
    const name = filter.startDate && filter.endDate ? `Progression_${filter.startDate}_to_${filter.endDate}` : 'Progression_Etudiants';
    await this.sendProgress(reply, filter, name);
  }

  @Get('admin/exports/progress/:student_id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Progression_{username}.xlsx : la progression d’un étudiant' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(FILE_RESPONSE)
  async progressOf(@CurrentActor() actor: Actor, @Param('student_id', IdPipe) studentId: number, @Res() reply: FastifyReply): Promise<void> {
    assertAdmin(actor);
    const username = await this.usernameOf(studentId);
    await this.sendProgress(reply, { studentId }, `Progression_${username}`);
  }

  @Get('admin/exports/students')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Utilisateurs_LMS.xlsx : feuille « Utilisateurs », les étudiants correspondant à ?search= (tous sans recherche)' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(FILE_RESPONSE)
  async students(@CurrentActor() actor: Actor, @Query() query: StudentExportQuery, @Res() reply: FastifyReply): Promise<void> {
    assertAdmin(actor);
    const filter = { search: query.search };
    await this.send(reply, 'Utilisateurs_LMS', await countStudents(this.db, filter), BYTES_PER_ROW.students, STUDENTS_SHEET, STUDENT_COLUMNS, studentBatches(this.db, filter), studentCells);
  }

  @Get('admin/exports/students/:student_id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Utilisateur_{nom d’utilisateur LMS}.xlsx : le dossier d’un étudiant' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(FILE_RESPONSE)
  async student(@CurrentActor() actor: Actor, @Param('student_id', IdPipe) studentId: number, @Res() reply: FastifyReply): Promise<void> {
    assertAdmin(actor);
    const username = await this.usernameOf(studentId);
    const filter = { studentId };
    await this.send(reply, `Utilisateur_${username}`, 1, BYTES_PER_ROW.students, STUDENTS_SHEET, STUDENT_COLUMNS, studentBatches(this.db, filter), studentCells);
  }

  private async sendProgress(reply: FastifyReply, filter: ProgressFilter, name: string): Promise<void> {
    const rows = await countMatching(this.db, filter);
    await this.send(reply, name, rows, BYTES_PER_ROW.progress, PROGRESS_SHEET, PROGRESS_COLUMNS, progressBatches(this.db, filter), progressCells);
  }

  /** An open student's login (404 otherwise): it names their file. */
  private async usernameOf(studentId: number): Promise<string> {
    const row = await this.db.one<{ username: string }>(
      `select a.username from identity.student s join identity.account a on a.id = s.account_id where s.id = $1 and a.closed_at is null`,
      [studentId],
    );
    if (!row) throw new NotFoundError('Étudiant non trouvé.');
    return row.username;
  }

  private async send<T>(
    reply: FastifyReply, name: string, rows: number, bytesPerRow: number, sheet: string, columns: ColumnSpec[],
    batches: AsyncIterable<T[]>, toCells: (row: T) => (string | number | Date | null)[],
  ): Promise<void> {
    const stream = new PassThrough();
    void reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition(safeFileName(name)))
      .header('cache-control', 'no-store')
      .header('x-export-rows', String(rows))
      .header('x-export-estimated-bytes', String(WORKBOOK_OVERHEAD + rows * bytesPerRow))
      .header('access-control-expose-headers', 'Content-Disposition, X-Export-Rows, X-Export-Estimated-Bytes')
      .send(stream);
    try {
      await streamWorkbook(stream, sheet, columns, batches, toCells);
    } catch (error) {
      // The headers are gone: the only way to say it failed is to cut the download short.
      this.logger.error(`Export ${name} interrompu : ${error instanceof Error ? error.stack : String(error)}`);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
