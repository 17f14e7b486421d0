import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { Database } from '../../../../platform/database/database.js';
import { isServiceUnavailable } from '../../../../platform/http/service-unavailable.js';
import { EventStreamReader } from '../../../../platform/event-log/index.js';
import type { JobContext } from '../../../../platform/jobs/job-queue.js';
import { Jobs, JobsDisabledError } from '../../../../platform/jobs/jobs.service.js';
import { MEDIA_PREFIX, MediaStorage } from '../../../../platform/storage/media-storage.js';
import { Clock, ConflictError, DomainError, ForbiddenError, InvalidInputError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';
import { COURSE_ENROLMENT, SESSION_LEARNER, TRAINING_SESSION_SUMMARY } from '../../../enrolment/contracts/enrolment.read-models.js';
import { STUDENT_COURSE_FIGURES } from '../../../learning-progress/contracts/learning-progress.read-models.js';
import { GeneratedDossier } from '../../domain/generated-dossier.aggregate.js';
import { GetTranscript } from '../get-transcript.query.js';
import { DOSSIER_MESSAGES } from './dossier-access.js';
import { sha256Hex } from './dossier-files.js';
import { writeZip } from './dossier-zip.js';
import { DOSSIER_FOLDER } from './generate-dossier.command.js';
import { writeLearnerPart, type LearnerPart } from './learner-part.js';
import { LedgerService, type CheckpointTree } from '../../../../platform/ledger/index.js';
import { CHAIN_COVERS, MANIFEST_FORMAT_VERSION } from './manifest.js';
import { toDossierView, type DossierView } from './dossier.views.js';

export const DOSSIER_BATCH_JOB = 'evidence.dossier-batch';
export const BATCH_ADMINS_ONLY = 'Les dossiers de preuves par lot sont réservés aux administrateurs.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which learners: all of the course's, or those enrolled, or active, in a period (days of the centre,
 * Europe/Paris, both included); with a session of the course, only those who were in it (enrolment's
 * published `session_learner`, those who left it too).
 */
export interface BatchFilter {
  period: { basis: 'inscription' | 'activite'; from: string; to: string } | null;
  /** Absent (not null) without a session, so that earlier batches' manifests read as they did. */
  session?: number;
}

export interface DossierBatchData {
  courseId: number;
  studentIds: number[];
  filter: BatchFilter;
  /** The admin who asked: the transcripts are read as them. */
  actor: Actor;
}

/**
 * The learners of a course a batch takes, fixed when it is asked: every learner enrolled or with a
 * record of progress in it; with a period, those enrolled in it (`inscription`), or those in training
 * during it (`activite`): enrolled before its end (when still enrolled) and active in the course since
 * its start — the span from enrolment to last activity overlaps the period, so a learner active in
 * March and again in April is in March's batch (the last activity alone would leave them out).
 */
export const BATCH_LEARNERS_SQL = `select student_id from (
    select e.student_id, e.enrolled_at, null::timestamptz as last_activity_at from ${COURSE_ENROLMENT} e where e.course_id = $1
    union all
    select f.student_id, null, f.last_activity_at from ${STUDENT_COURSE_FIGURES} f where f.course_id = $1
  ) l
  group by student_id
  having $2::text is null
      or ($2 = 'inscription' and max(enrolled_at) >= ($3::date)::timestamp at time zone 'Europe/Paris' and max(enrolled_at) < ($4::date + 1)::timestamp at time zone 'Europe/Paris')
      or ($2 = 'activite' and max(last_activity_at) >= ($3::date)::timestamp at time zone 'Europe/Paris'
          and coalesce(max(enrolled_at), max(last_activity_at)) < ($4::date + 1)::timestamp at time zone 'Europe/Paris')
  order by student_id`;

/** BATCH_LEARNERS_SQL narrowed to the learners who were in a session ($5). */
export const BATCH_SESSION_LEARNERS_SQL = `select b.student_id from (${BATCH_LEARNERS_SQL}) b
  where exists (select 1 from ${SESSION_LEARNER} sl where sl.session_id = $5 and sl.student_id = b.student_id)
  order by b.student_id`;

export const SESSION_NOT_OF_COURSE = 'Cette session n’est pas une session de ce cours.';

/** Asks for a batch of dossiers (an admin): the learners chosen now, the work on the job queue (docs/adr/0031, 0036). */
export class RequestDossierBatch extends Command<{ job_id: string; learners: number }> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
    readonly filter: BatchFilter,
  ) {
    super();
  }
}

@CommandHandler(RequestDossierBatch)
export class RequestDossierBatchHandler implements ICommandHandler<RequestDossierBatch> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly jobs: Jobs,
  ) {}

  async execute({ actor, courseId, filter }: RequestDossierBatch): Promise<{ job_id: string; learners: number }> {
    if (actor.role !== 'admin') throw new ForbiddenError(BATCH_ADMINS_ONLY);
    await this.queries.execute(new GetCourseOwner(courseId));
    const period = filter.period;
    if (period && period.from > period.to) throw new InvalidInputError('La date de début doit précéder la date de fin.', 'du');
    if (filter.session !== undefined) {
      const session = await this.db.one<{ course_id: number }>(`select course_id from ${TRAINING_SESSION_SUMMARY} where session_id = $1`, [filter.session]);
      if (!session) throw new NotFoundError('Session de formation introuvable.');
      if (session.course_id !== courseId) throw new InvalidInputError(SESSION_NOT_OF_COURSE, 'session');
    }
    let rows: { student_id: number }[];
    try {
      const params = [courseId, period?.basis ?? null, period?.from ?? null, period?.to ?? null];
      rows =
        filter.session === undefined
          ? await this.db.query<{ student_id: number }>(BATCH_LEARNERS_SQL, params)
          : await this.db.query<{ student_id: number }>(BATCH_SESSION_LEARNERS_SQL, [...params, filter.session]);
    } catch (error) {
      if ((error as { code?: string }).code === '22008') throw new InvalidInputError("Cette date n'existe pas.", 'du');
      throw error;
    }
    if (rows.length === 0) throw new NotFoundError(DOSSIER_MESSAGES.noLearner);
    const data: DossierBatchData = { courseId, studentIds: rows.map((r) => r.student_id), filter, actor };
    const jobId = await this.jobs.send(DOSSIER_BATCH_JOB, data).catch((error: unknown) => {
      if (error instanceof JobsDisabledError) throw new ConflictError('La file de tâches n’est pas démarrée sur ce serveur : le lot ne peut pas être lancé.');
      throw error;
    });
    return { job_id: jobId, learners: rows.length };
  }
}

/** A learner left out of a batch, and why (in French, shown to the admin and written in `ignores.json`). */
export interface SkippedLearner {
  student_id: number;
  reason: string;
}

/** What a batch's job keeps as its output (pg-boss): the learners it left out. */
export interface DossierBatchOutput {
  skipped: SkippedLearner[];
}

const UNEXPECTED_SKIP = 'Ses données n’ont pas pu être lues (erreur inattendue, consignée dans le journal du serveur).';

/**
 * Runs a batch (docs/adr/0036): a folder per learner in one ZIP, progress after each learner, the
 * ZIP streamed into the storage, then the row and `DossierGenerated` named by the job's id.
 *
 * Resumed, not restarted: each learner's part is written in DATA_DIR/dossier-lots/{job}/ and
 * renamed into place (`a{id}/part.json`) once whole, so a try cut off (a restart, a killed process,
 * a lost try) is redelivered by the queue and takes up the learners already written as they are,
 * generating only the others; the batch's generation time is fixed by its first try (`lot.json`).
 * A learner whose data cannot be read (an account purged or closed since, any failure of theirs
 * alone) is left out with a French reason (`a{id}.ignore.json`, then `ignores.json` in the ZIP, the
 * batch's manifest and the job's output) instead of failing the batch; the database being away
 * is not theirs and fails the try, to be resumed.
 * Idempotent: a job already saved ends at once; two runs racing save one (a unique index on the
 * job id), the loser removing its file. The folder goes once the batch is saved. The ZIP's name is
 * in `evidence.dossier_lot_upload` from before it is stored until the batch is saved, so a try
 * killed in between leaves nothing unowned: the next try, on any node, removes it (docs/adr/0059).
 */
@Injectable()
export class DossierBatchRunner implements OnModuleInit {
  private readonly logger = new Logger('Dossiers de preuves');

  constructor(
    private readonly jobs: Jobs,
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly db: Database,
    private readonly streams: EventStreamReader,
    private readonly storage: MediaStorage,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: LedgerService,
  ) {}

  async onModuleInit(): Promise<void> {
    // A batch of a large cohort may run long (about 0.15 s a learner when measured, far more on a
    // long log): 6 hours before a try is taken for lost, not pg-boss's 15 minutes. A try whose
    // process died (no heartbeat for 60 s) is retried at once, and resumes (see run).
    await this.jobs.define<DossierBatchData>({ name: DOSSIER_BATCH_JOB, retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 6 * 3600, heartbeatSeconds: 60, handler: (job) => this.run(job) });
  }

  /** Where a batch's parts wait until it is saved. */
  workDirOf(jobId: string): string {
    return join(this.config.dataDir, 'dossier-lots', jobId);
  }

  async run(job: JobContext<DossierBatchData>): Promise<DossierBatchOutput> {
    const { courseId, studentIds, filter, actor } = job.data;
    const total = studentIds.length + 1;
    const work = this.workDirOf(job.id);
    const done = await this.savedDossier(job.id);
    if (done) {
      await rm(work, { recursive: true, force: true });
      await job.progress(total, total);
      return { skipped: studentIds.filter((id) => !done.studentIds.includes(id)).map((id) => ({ student_id: id, reason: 'Laissé de côté par le lot (voir ignores.json).' })) };
    }
    await mkdir(work, { recursive: true });
    // A try killed between storing its ZIP and saving the batch, on this node or another, left that
    // copy unowned: removed first (the queue gives a try only once the previous one is over or dead).
    await this.removeUnsavedZips(job.id);
    const now = await this.generationTime(work);
    const by = { role: 'admin' as const, profileId: actor.profileId };
    // One checkpoint for the whole batch, its tree built once: every learner's proofs lead to it (issue 27 item 3).
    const ledger = await this.ledger.treeForDossier();
    let stored: string | null = null;
    let finished = false;
    try {
      const parts: LearnerPart[] = [];
      const skipped: SkippedLearner[] = [];
      let resumed = 0;
      for (const [index, studentId] of studentIds.entries()) {
        const kept = await readKeptPart(work, studentId);
        if (kept) {
          resumed += 1;
          if ('reason' in kept) skipped.push(kept);
          else parts.push(kept);
        } else {
          const written = await this.writePart(work, studentId, { courseId, actor, now, by, ledger });
          if ('reason' in written) skipped.push(written);
          else parts.push(written);
        }
        await job.progress(index + 1, total);
      }
      if (resumed > 0) this.logger.log(`Lot ${job.id} repris : ${resumed} apprenant(s) déjà écrit(s) repris tels quels.`);
      const ignores = `${JSON.stringify(skipped, null, 2)}\n`;
      const manifest = {
        format: 'dossier-de-preuves-lot',
        format_version: MANIFEST_FORMAT_VERSION,
        generated_at: now.toISOString(),
        generated_by: by,
        course_id: courseId,
        filter,
        job_id: job.id,
        learners: parts.map((p) => ({ student_id: p.studentId, manifest: p.manifest.name, manifest_sha256: p.manifest.sha256 })),
        ignores: skipped,
        ignores_sha256: sha256Hex(ignores),
        chain_covers: CHAIN_COVERS,
      };
      const text = `${JSON.stringify(manifest, null, 2)}\n`;
      const zipPath = join(work, 'lot.zip');
      await rm(zipPath, { force: true });
      const zip = await writeZip(zipPath, parts, now, [{ name: 'manifest.json', text }, { name: 'ignores.json', text: ignores }]);
      // Its name is recorded, committed, before it is stored: whichever node runs the next try finds it.
      const path = `${MEDIA_PREFIX}${DOSSIER_FOLDER}/${randomUUID()}.zip`;
      await this.db.query('insert into evidence.dossier_lot_upload (file_path, job_id, stored_at) values ($1, $2, $3)', [path, job.id, this.clock.now()]);
      stored = path;
      await this.storage.putFileAt(path, zipPath);
      const included = parts.map((p) => p.studentId);
      const saved = await this.store
        .transaction(
          async (uow) => {
            // The name goes from the table of stored ZIPs to the dossier in one transaction; gone
            // already, another try of this job took this one for dead and removed its ZIP.
            const owned = await uow.em.execute<{ file_path: string }[]>('delete from evidence.dossier_lot_upload where file_path = ? returning file_path', [path]);
            if (owned.length === 0) throw new ConflictError('Ce lot est déjà repris par un autre essai.');
            uow.add(new GeneratedDossier({
              scope: 'lot', studentId: null, courseId, studentIds: included, filePath: path,
              zipSha256: zip.sha256, manifestSha256: sha256Hex(text), sizeBytes: zip.bytes, now, by, jobId: job.id,
            }));
            return true;
          },
          { actor, retryOnConflict: 0, uniqueViolation: (constraint) => (constraint.includes('generated_dossier_job') ? new ConflictError('Ce lot est déjà enregistré.') : undefined) },
        )
        .catch((error: unknown) => {
          if (error instanceof ConflictError) return false;
          throw error;
        });
      if (saved) stored = null;
      finished = true;
      await job.progress(total, total);
      return { skipped };
    } finally {
      if (stored) await this.removeUnsaved(stored).catch(() => undefined);
      // Kept for the next try unless the batch is saved: its parts are what a resumed try takes up.
      if (finished) await rm(work, { recursive: true, force: true });
    }
  }

  /** The batch's generation time: its first try's, kept in `lot.json`, so that resumed parts and the rest agree. */
  private async generationTime(work: string): Promise<Date> {
    const file = join(work, 'lot.json');
    const kept = await readFile(file, 'utf8').then((text) => new Date((JSON.parse(text) as { generated_at: string }).generated_at)).catch(() => null);
    if (kept && Number.isFinite(kept.getTime())) return kept;
    const now = this.clock.now();
    await writeAtomically(file, JSON.stringify({ generated_at: now.toISOString() }));
    return now;
  }

  /**
   * Writes one learner's part; a failure of theirs alone leaves them out. A refusal about the learner
   * (a DomainError: account purged, never enrolled) is kept, so a resumed try does not ask again; an
   * unexpected failure (a disk full, a lock timeout) is tried once more, and if it fails again the
   * learner is left out of this try only: a resumed try tries them again.
   */
  private async writePart(
    work: string,
    studentId: number,
    input: { courseId: number; actor: Actor; now: Date; by: { role: 'admin'; profileId: number }; ledger: CheckpointTree },
  ): Promise<LearnerPart | SkippedLearner> {
    const first = await this.tryPart(work, studentId, input);
    if (!('retry' in first)) return first;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const second = await this.tryPart(work, studentId, input);
    if (!('retry' in second)) return second;
    this.logger.error(`Lot : l’apprenant ${studentId} est laissé de côté pour cet essai : ${second.retry instanceof Error ? second.retry.stack : String(second.retry)}`);
    return { student_id: studentId, reason: UNEXPECTED_SKIP };
  }

  /** One attempt at a learner's part, renamed into place once whole. */
  private async tryPart(
    work: string,
    studentId: number,
    input: { courseId: number; actor: Actor; now: Date; by: { role: 'admin'; profileId: number }; ledger: CheckpointTree },
  ): Promise<LearnerPart | SkippedLearner | { retry: unknown }> {
    const partDir = await mkdtemp(join(work, `a${studentId}.tmp-`));
    try {
      const view = await this.queries.execute(new GetTranscript(input.actor, studentId, input.courseId));
      const folder = `apprenant-${studentId}-${slug(view.student.fullname)}/`;
      const part = await writeLearnerPart(
        { db: this.db, queries: this.queries, streams: this.streams },
        { view, studentId, courseId: input.courseId, dir: partDir, prefix: folder, generatedAt: input.now, generatedBy: input.by, ledger: input.ledger },
      );
      await writeFile(join(partDir, 'part.json'), JSON.stringify(relativePart(part, partDir)), { flag: 'wx' });
      const final = join(work, `a${studentId}`);
      await rm(final, { recursive: true, force: true });
      await rename(partDir, final);
      return rebasePart(relativePart(part, partDir), final);
    } catch (error) {
      await rm(partDir, { recursive: true, force: true });
      // The database away, or this node stopping: not the learner's; the try fails and is resumed.
      if (isServiceUnavailable(error)) throw error;
      if (!(error instanceof DomainError)) return { retry: error };
      const skipped: SkippedLearner = { student_id: studentId, reason: error.message };
      await writeAtomically(join(work, `a${studentId}.ignore.json`), JSON.stringify(skipped));
      return skipped;
    }
  }

  /**
   * Removes the ZIPs tries of this job stored and no saved dossier owns (their names are in
   * `evidence.dossier_lot_upload` until the batch is saved): what a try killed after storing it and
   * before saving the batch leaves behind, on whichever node it ran. Called when a try starts, and
   * by the retention's sweep of abandoned lots.
   */
  async removeUnsavedZips(jobId: string): Promise<void> {
    const left = await this.db.query<{ file_path: string }>('select file_path from evidence.dossier_lot_upload where job_id = $1', [jobId]);
    for (const { file_path: path } of left) await this.removeUnsaved(path);
  }

  /**
   * Removes a stored ZIP no dossier owns. Its name is taken first, in one statement with the check
   * that no dossier owns it: a try saving that ZIP meanwhile then finds its name gone and refuses
   * to save (its own `delete … returning`), or has saved it and the name is left alone — so the
   * file of a saved dossier is never removed. Put back if the removal fails, for the next try or sweep.
   */
  private async removeUnsaved(path: string): Promise<void> {
    const taken = await this.db.one<{ job_id: string; stored_at: Date }>(
      `delete from evidence.dossier_lot_upload
        where file_path = $1 and not exists (select 1 from evidence.generated_dossier where file_path = $1)
        returning job_id, stored_at`,
      [path],
    );
    if (!taken) return;
    try {
      await this.storage.remove(path);
    } catch (error) {
      await this.db.query('insert into evidence.dossier_lot_upload (file_path, job_id, stored_at) values ($1, $2, $3) on conflict do nothing', [path, taken.job_id, taken.stored_at]);
      throw error;
    }
  }

  private async savedDossier(jobId: string): Promise<{ studentIds: number[] } | null> {
    const [row] = await this.db.query<{ student_ids: number[] }>('select student_ids from evidence.generated_dossier where job_id = $1', [jobId]);
    return row ? { studentIds: row.student_ids } : null;
  }
}

/** A part as kept on disk: its files' paths relative to its folder. */
function relativePart(part: LearnerPart, dir: string): LearnerPart {
  return {
    studentId: part.studentId,
    files: part.files.map((f) => ({ ...f, path: relative(dir, f.path) })),
    manifest: { ...part.manifest, path: relative(dir, part.manifest.path) },
  };
}

function rebasePart(part: LearnerPart, dir: string): LearnerPart {
  return {
    studentId: part.studentId,
    files: part.files.map((f) => ({ ...f, path: join(dir, f.path) })),
    manifest: { ...part.manifest, path: join(dir, part.manifest.path) },
  };
}

/** A learner a previous try finished: their part (renamed into place whole) or their reason for being left out. */
async function readKeptPart(work: string, studentId: number): Promise<LearnerPart | SkippedLearner | null> {
  const ignored = await readFile(join(work, `a${studentId}.ignore.json`), 'utf8').catch(() => null);
  if (ignored !== null) return JSON.parse(ignored) as SkippedLearner;
  const dir = join(work, `a${studentId}`);
  const text = await readFile(join(dir, 'part.json'), 'utf8').catch(() => null);
  return text === null ? null : rebasePart(JSON.parse(text) as LearnerPart, dir);
}

/** Written whole or not at all (a temporary name, then a rename). */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

export interface DossierBatchView {
  job_id: string;
  state: string;
  progress: { done: number; total: number } | null;
  dossier: DossierView | null;
  /** The learners left out and why, once the batch is done. */
  skipped: SkippedLearner[];
}

/** A batch's state (an admin): the job's, its progress, and the dossier once saved. A read: no event. */
export class GetDossierBatch extends Query<DossierBatchView> {
  constructor(
    readonly actor: Actor,
    readonly jobId: string,
  ) {
    super();
  }
}

@QueryHandler(GetDossierBatch)
export class GetDossierBatchHandler implements IQueryHandler<GetDossierBatch> {
  constructor(
    private readonly jobs: Jobs,
    private readonly orm: MikroORM,
  ) {}

  async execute({ actor, jobId }: GetDossierBatch): Promise<DossierBatchView> {
    if (actor.role !== 'admin') throw new ForbiddenError(BATCH_ADMINS_ONLY);
    const status = UUID.test(jobId) ? await this.jobs.status(jobId.toLowerCase()) : null;
    if (!status || status.name !== DOSSIER_BATCH_JOB) throw new NotFoundError('Lot introuvable.');
    const dossier = await this.orm.em.fork().findOne(GeneratedDossier, { jobId: status.id });
    const skipped = (status.output as Partial<DossierBatchOutput> | null)?.skipped ?? [];
    return { job_id: status.id, state: status.state, progress: status.progress, dossier: dossier ? toDossierView(dossier) : null, skipped };
  }
}

/** A folder name from a person's name: letters and digits, accents dropped, dashes between. */
function slug(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase().slice(0, 60) || 'apprenant';
}
