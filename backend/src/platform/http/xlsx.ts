import { PassThrough, type Writable } from 'node:stream';
import type { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { neutralise } from '../../shared-kernel/spreadsheet-text.js';

/** The content type of an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Formulas neutralised (shared with the dossiers de preuves: shared-kernel/spreadsheet-text.ts). */
export { neutralise };

/** A sheet name Excel accepts: none of : \ / ? * [ ], no leading or trailing apostrophe, 1 to 31 characters. */
export function sheetName(name: string): string {
  const cleaned = name.replace(/[:\\/?*[\]]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim();
  return cleaned || 'Feuille';
}

/** A file name safe in a Content-Disposition header and on any disk: letters, digits, . _ - (others become _). */
export function safeFileName(base: string): string {
  const cleaned = base.normalize('NFC').replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '').slice(0, 120);
  return `${cleaned || 'export'}.xlsx`;
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A calendar date `YYYY-MM-DD` as the Date of its UTC midnight (Excel shows that day), or null. */
export function dateCell(day: string | null): Date | null {
  return day ? new Date(`${day}T00:00:00Z`) : null;
}

/** Seconds as an Excel duration (a fraction of a day), shown `[h]:mm:ss`. */
export function durationCell(seconds: number): number {
  return seconds / 86_400;
}

export interface ColumnSpec {
  header: string;
  width: number;
  numFmt?: string;
}

/**
 * One sheet written as it goes (exceljs's streaming writer): the header row frozen, each row
 * committed at once, so memory holds a row, not the workbook. Returns the rows written.
 */
export async function streamWorkbook<T>(
  stream: Writable,
  name: string,
  columns: ColumnSpec[],
  batches: AsyncIterable<T[]>,
  toCells: (row: T) => (string | number | Date | null)[],
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'LMS — centre de formation';
  const sheet = workbook.addWorksheet(sheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ key: `c${i}`, header: c.header, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  for await (const batch of batches) {
    for (const row of batch) {
      const cells = toCells(row).map((value) => (typeof value === 'string' ? neutralise(value) : value));
      sheet.addRow(cells).commit();
      written++;
    }
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

/**
 * An export ready to stream: its file name (before `safeFileName`), the rows it will hold (counted
 * before writing, for a progress bar), an estimate of its size, and its rows read batch by batch
 * while the workbook is written.
 */
export interface WorkbookExport<T = unknown> {
  fileName: string;
  rows: number;
  estimatedBytes: number;
  sheet: string;
  columns: ColumnSpec[];
  batches: AsyncIterable<T[]>;
  toCells: (row: T) => (string | number | Date | null)[];
}

/** Compressed bytes per row measured on 10,000 students (docs/administration.md), plus the workbook's own. */
export function estimatedBytes(rows: number, bytesPerRow: number): number {
  return 6_000 + rows * bytesPerRow;
}

/** The answer's description of a streamed workbook, for the controllers' @ApiResponse. */
export const XLSX_FILE_RESPONSE = {
  status: 200,
  description: 'Le classeur .xlsx, envoyé au fil de son écriture ; en-têtes X-Export-Rows et X-Export-Estimated-Bytes',
  content: { [XLSX_TYPE]: { schema: { type: 'string' as const, format: 'binary' } } },
  headers: {
    'X-Export-Rows': { description: 'Lignes du classeur (hors en-tête), comptées avant l’écriture', schema: { type: 'integer' as const } },
    'X-Export-Estimated-Bytes': { description: 'Taille estimée du fichier (octets), pour une barre de progression', schema: { type: 'integer' as const } },
  },
};

/**
 * Sends a workbook as it is written: Content-Length is unknown, so the answer says first how many
 * rows it holds (`X-Export-Rows`) and about how many bytes it will be (`X-Export-Estimated-Bytes`).
 * A failure once the headers are gone can only cut the download short (logged).
 */
export async function sendWorkbook<T>(reply: FastifyReply, workbook: WorkbookExport<T>, logger: Logger): Promise<void> {
  const { fileName, rows, estimatedBytes, sheet, columns, batches, toCells } = workbook;
  const stream = new PassThrough();
  void reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(safeFileName(fileName)))
    .header('cache-control', 'no-store')
    .header('x-export-rows', String(rows))
    .header('x-export-estimated-bytes', String(estimatedBytes))
    .header('access-control-expose-headers', 'Content-Disposition, X-Export-Rows, X-Export-Estimated-Bytes')
    .send(stream);
  try {
    await streamWorkbook(stream, sheet, columns, batches, toCells);
  } catch (error) {
    logger.error(`Export ${fileName} interrompu : ${error instanceof Error ? error.stack : String(error)}`);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
