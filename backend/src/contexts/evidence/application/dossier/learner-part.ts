import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { QueryBus } from '@nestjs/cqrs';
import type { Database } from '../../../../platform/database/database.js';
import type { EventStreamReader, LogStreamRef, StreamMatch } from '../../../../platform/event-log/index.js';
import type { CheckpointTree } from '../../../../platform/ledger/index.js';
import { SUPPORT_REQUEST_STREAM } from '../../../tutoring/contracts/tutoring.events.js';
import { GetLearnerBeatsPage, GetLearnerScormCommitsPage, type BeatRow, type ScormCommitRow } from '../../../learning-progress/contracts/learning-progress.evidence-rows.js';
import type { TranscriptView } from '../transcript.views.js';
import { pagesOf, sha256File, sha256Hex, writeJsonArray } from './dossier-files.js';
import { CHAIN_COVERS, ChainCoverage, LedgerProofs, MANIFEST_FORMAT_VERSION, methodsOf } from './manifest.js';
import { writeTranscriptPdf } from './transcript-pdf.js';
import { writeTranscriptXlsx } from './transcript-xlsx.js';

/** Rows read per query when streaming the raw data (a page in memory at a time). */
export const PAGE_SIZE = 2000;

export interface PartFile {
  /** Its path in the ZIP. */
  name: string;
  /** Where it was written on disk. */
  path: string;
  sha256: string;
  bytes: number;
  description: string;
}

export interface LearnerPart {
  studentId: number;
  files: PartFile[];
  manifest: { name: string; path: string; sha256: string; bytes: number };
}

export interface PartSources {
  db: Database;
  queries: QueryBus;
  streams: EventStreamReader;
}

/** Stream types that are never part of a learner's evidence, whatever their payloads name. */
const NOT_LEARNER_STREAMS = new Set(['identity.account']);

/**
 * Which streams of the log are the learner's for this course (docs/adr/0036): every stream one of
 * whose events names the learner and the course (enrolment, progress, issued documents, a quiz
 * completed in the course), the learner's quiz streams of the course's quizzes, and the tutoring
 * streams (conversations, homework) between the learner and the course's trainers, and the
 * technical-support requests the transcript takes without a course (ADR 0037: opened since the
 * enrolment, « sans formation précisée »), each by its id.
 */
export function learnerStreamMatches(view: TranscriptView, studentId: number, courseId: number): StreamMatch[] {
  const quizIds = [...new Set(view.quiz_attempts.map((a) => a.quiz_id))];
  const trainerIds = [...new Set([...(view.course.trainer ? [view.course.trainer.id] : []), ...view.messages.map((m) => m.trainer.id), ...view.homework.map((h) => h.trainer.id)])];
  return [
    { streamTypePrefix: '', payloadContains: { studentId, courseId } },
    ...quizIds.map((quizId) => ({ streamTypePrefix: 'assessment.', payloadContains: { studentId, quizId } })),
    ...trainerIds.map((teacherId) => ({ streamTypePrefix: 'tutoring.', payloadContains: { studentId, teacherId } })),
    ...view.support.requests.filter((r) => !r.course_specified).map((r) => ({ streamTypePrefix: SUPPORT_REQUEST_STREAM, payloadContains: { studentId, requestId: r.id } })),
  ];
}

/** The pages as they pass, each shown to `see` (the coverage counts rows while they are written). */
async function* counted<T>(pages: AsyncIterable<T[]>, see: (page: T[]) => void): AsyncIterable<T[]> {
  for await (const page of pages) {
    see(page);
    yield page;
  }
}

/** Writes one learner's files into `dir` and names them under `prefix` in the ZIP; returns them and the learner's manifest. */
export async function writeLearnerPart(
  sources: PartSources,
  input: {
    view: TranscriptView;
    studentId: number;
    courseId: number;
    dir: string;
    prefix: string;
    generatedAt: Date;
    generatedBy: { role: string; profileId: number };
    /** The checkpoint the manifest's proofs lead to (issue 27 item 3): one per dossier or batch, its tree built once. */
    ledger: CheckpointTree;
  },
): Promise<LearnerPart> {
  const { view, studentId, courseId, dir, prefix, generatedAt } = input;
  const files: PartFile[] = [];
  const add = async (name: string, path: string, description: string) => {
    const { sha256, bytes } = await sha256File(path);
    files.push({ name: prefix + name, path, sha256, bytes, description });
  };

  await writeTranscriptPdf(join(dir, 'releve.pdf'), view);
  await add('releve-de-formation.pdf', join(dir, 'releve.pdf'), 'Relevé de formation et journal d’assistance, à lire (PDF, polices intégrées).');
  await writeTranscriptXlsx(join(dir, 'releve.xlsx'), view);
  await add('releve-de-formation.xlsx', join(dir, 'releve.xlsx'), 'Le relevé, une feuille par rubrique (dates et durées typées, formules neutralisées).');

  // The issued certificates and attestations, as issued (or as they read once replaced), read from this context's own table.
  const documents = await sources.db.query<{ id: number; kind: string; document_version: number; status: string; verification_code: string; pdf_sha256: string; replaced_pdf_sha256: string | null }>(
    `select id, kind, document_version, status, verification_code, pdf_sha256, replaced_pdf_sha256
       from evidence.issued_document where student_id = $1 and course_id = $2 order by kind, document_version`,
    [studentId, courseId],
  );
  for (const d of documents) {
    // One PDF at a time in memory (30–60 KB each).
    const [row] = await sources.db.query<{ pdf: Buffer }>('select pdf from evidence.issued_document where id = $1', [d.id]);
    const kind = d.kind === 'certificat_realisation' ? 'certificat-de-realisation' : 'attestation-de-fin-de-formation';
    const path = join(dir, `document-${d.id}.pdf`);
    await writeFile(path, row.pdf, { flag: 'wx' });
    await add(`documents/${kind}-v${d.document_version}-${d.verification_code}.pdf`, path, `Document émis (version ${d.document_version}${d.status === 'remplace' ? ', remplacée depuis' : ''}) tel qu’émis : SHA-256 égal à celui de son événement DocumentIssued.`);
  }

  // The raw events of the learner's streams, in the log's order, page by page.
  // Accounts' streams are never the learner's evidence: the only account events naming a learner
  // and a course are an auditor's reads (AuditorAccessed), and the auditor's stream would carry
  // their scope, end date and every other learner they read (ADR 0039).
  const streams: LogStreamRef[] = (await sources.streams.findStreams(learnerStreamMatches(view, studentId, courseId))).filter((s) => !NOT_LEARNER_STREAMS.has(s.streamType));
  const coverage = new ChainCoverage();
  const proofs = new LedgerProofs(input.ledger);
  const heads = new Map<string, { stream_type: string; stream_id: string; events: number; last_version: number; last_hash: string }>();
  const eventCount = await writeJsonArray(join(dir, 'events.json'), (async function* () {
    for await (const page of pagesOf((last: { position: number } | null) => sources.streams.readPage(streams, last?.position ?? 0, PAGE_SIZE), PAGE_SIZE)) {
      for (const e of page) {
        coverage.noteEvent(e);
        proofs.noteEvent(e);
        const key = `${e.streamType}/${e.streamId}`;
        const head = heads.get(key) ?? { stream_type: e.streamType, stream_id: e.streamId, events: 0, last_version: 0, last_hash: '' };
        head.events += 1;
        head.last_version = e.streamVersion;
        head.last_hash = e.hash;
        heads.set(key, head);
      }
      yield page;
    }
  })());
  await add('donnees/evenements.json', join(dir, 'events.json'), `Les ${eventCount} événements des flux de l’apprenant, tels qu’enregistrés dans le journal (charge utile, métadonnées, empreintes chaînées).`);

  const beatCount = await writeJsonArray(
    join(dir, 'beats.json'),
    counted(pagesOf((last: BeatRow | null) => sources.queries.execute(new GetLearnerBeatsPage(studentId, courseId, last ? { received_at: last.received_at, session_id: last.session_id, seq: last.seq } : null, PAGE_SIZE)), PAGE_SIZE), (rows) => coverage.noteBeats(rows)),
  );
  await add('donnees/signaux-de-presence.json', join(dir, 'beats.json'), `Les ${beatCount} signaux de présence reçus du lecteur (horloge du serveur : received_at).`);
  const commitCount = await writeJsonArray(
    join(dir, 'scorm.json'),
    counted(pagesOf((last: ScormCommitRow | null) => sources.queries.execute(new GetLearnerScormCommitsPage(studentId, courseId, last?.id ?? 0, PAGE_SIZE)), PAGE_SIZE), (rows) => coverage.noteCommits(rows)),
  );
  await add('donnees/enregistrements-scorm.json', join(dir, 'scorm.json'), `Les ${commitCount} enregistrements SCORM reçus (appliqués ou périmés), données cmi telles qu’envoyées.`);

  const manifest = {
    format: 'dossier-de-preuves',
    format_version: MANIFEST_FORMAT_VERSION,
    generated_at: generatedAt.toISOString(),
    generated_by: input.generatedBy,
    student_id: studentId,
    course_id: courseId,
    methods: methodsOf(view),
    files: files.map((f) => ({ path: f.name, sha256: f.sha256, bytes: f.bytes, description: f.description })),
    counts: { events: eventCount, beats: beatCount, scorm_commits: commitCount, issued_documents: documents.length },
    issued_documents: documents.map((d) => ({ document_id: d.id, kind: d.kind, version: d.document_version, status: d.status, pdf_sha256: d.pdf_sha256, replaced_pdf_sha256: d.replaced_pdf_sha256 })),
    streams: [...heads.values()],
    coverage: coverage.section(files.map((f) => ({ path: f.name })), view),
    chain_covers: CHAIN_COVERS,
    ledger: proofs.section([...heads.values()], `${prefix}donnees/evenements.json`),
  };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const path = join(dir, 'manifest.json');
  await writeFile(path, text, { flag: 'wx' });
  return { studentId, files, manifest: { name: `${prefix}manifest.json`, path, sha256: sha256Hex(text), bytes: Buffer.byteLength(text) } };
}
