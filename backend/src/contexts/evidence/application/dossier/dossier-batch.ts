import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { EventStreamReader } from '../../../../platform/event-log/index.js';
import type { JobContext } from '../../../../platform/jobs/job-queue.js';
import { Jobs, JobsDisabledError } from '../../../../platform/jobs/jobs.service.js';
import { MediaStorage } from '../../../../platform/storage/media-storage.js';
import { Clock, ConflictError, ForbiddenError, InvalidInputError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';
import { COURSE_ENROLMENT } from '../../../enrolment/contracts/enrolment.read-models.js';
import { STUDENT_COURSE_FIGURES } from '../../../learning-progress/contracts/learning-progress.read-models.js';
import { GeneratedDossier } from '../../domain/generated-dossier.aggregate.js';
import { GetTranscript } from '../get-transcript.query.js';
import { DOSSIER_MESSAGES } from './dossier-access.js';
import { sha256Hex } from './dossier-files.js';
import { writeZip } from './dossier-zip.js';
import { DOSSIER_FOLDER } from './generate-dossier.command.js';
import { writeLearnerPart, type LearnerPart } from './learner-part.js';
import { CHAIN_COVERS, MANIFEST_FORMAT_VERSION } from './manifest.js';
import { toDossierView, type DossierView } from './dossier.views.js';

export const DOSSIER_BATCH_JOB = 'evidence.dossier-batch';
export const BATCH_ADMINS_ONLY = 'Les dossiers de preuves par lot sont réservés aux administrateurs.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which learners: all of the course's, or those enrolled, or active, in a period (days of the centre, Europe/Paris, both included). */
export interface BatchFilter {
  period: { basis: 'inscription' | 'activite'; from: string; to: string } | null;
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
 * record of progress in it; with a period, those enrolled in it (`inscription`) or whose last
 * activity in the course falls in it (`activite`).
 */
export const BATCH_LEARNERS_SQL = `select student_id from (
    select e.student_id, e.enrolled_at, null::timestamptz as last_activity_at from ${COURSE_ENROLMENT} e where e.course_id = $1
    union all
    select f.student_id, null, f.last_activity_at from ${STUDENT_COURSE_FIGURES} f where f.course_id = $1
  ) l
  group by student_id
  having $2::text is null
      or ($2 = 'inscription' and max(enrolled_at) >= ($3::date)::timestamp at time zone 'Europe/Paris' and max(enrolled_at) < ($4::date + 1)::timestamp at time zone 'Europe/Paris')
      or ($2 = 'activite' and max(last_activity_at) >= ($3::date)::timestamp at time zone 'Europe/Paris' and max(last_activity_at) < ($4::date + 1)::timestamp at time zone 'Europe/Paris')
  order by student_id`;

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
    let rows: { student_id: number }[];
    try {
      rows = await this.db.query<{ student_id: number }>(BATCH_LEARNERS_SQL, [courseId, period?.basis ?? null, period?.from ?? null, period?.to ?? null]);
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

/**
 * Runs a batch (docs/adr/0036): a folder per learner in one ZIP, progress after each learner, the
 * ZIP streamed into the storage, then the row and `DossierGenerated` named by the job's id.
 * Idempotent: a job already saved ends at once; two runs racing save one (a unique index on the
 * job id), the loser removing its file. A run cut off by a restart starts again from the start.
 */
@Injectable()
export class DossierBatchRunner implements OnModuleInit {
  constructor(
    private readonly jobs: Jobs,
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly db: Database,
    private readonly streams: EventStreamReader,
    private readonly storage: MediaStorage,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    // A batch of a large cohort may run long (about 0.15 s a learner when measured, far more on a
    // long log): 6 hours before a try is taken for lost, not pg-boss's 15 minutes.
    await this.jobs.define<DossierBatchData>({ name: DOSSIER_BATCH_JOB, retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 6 * 3600, handler: (job) => this.run(job) });
  }

  async run(job: JobContext<DossierBatchData>): Promise<void> {
    const { courseId, studentIds, filter, actor } = job.data;
    const total = studentIds.length + 1;
    if (await this.saved(job.id)) return job.progress(total, total);
    const now = this.clock.now();
    const by = { role: 'admin' as const, profileId: actor.profileId };
    const dir = await mkdtemp(join(tmpdir(), 'dossier-lot-'));
    let stored: string | null = null;
    try {
      await job.progress(0, total);
      const parts: LearnerPart[] = [];
      for (const [index, studentId] of studentIds.entries()) {
        const view = await this.queries.execute(new GetTranscript(actor, studentId, courseId));
        const folder = `apprenant-${studentId}-${slug(view.student.fullname)}/`;
        const partDir = await mkdtemp(join(dir, `a${studentId}-`));
        parts.push(await writeLearnerPart({ db: this.db, queries: this.queries, streams: this.streams }, { view, studentId, courseId, dir: partDir, prefix: folder, generatedAt: now, generatedBy: by }));
        await job.progress(index + 1, total);
      }
      const manifest = {
        format: 'dossier-de-preuves-lot',
        format_version: MANIFEST_FORMAT_VERSION,
        generated_at: now.toISOString(),
        generated_by: by,
        course_id: courseId,
        filter,
        job_id: job.id,
        learners: parts.map((p) => ({ student_id: p.studentId, manifest: p.manifest.name, manifest_sha256: p.manifest.sha256 })),
        chain_covers: CHAIN_COVERS,
      };
      const text = `${JSON.stringify(manifest, null, 2)}\n`;
      const zipPath = join(dir, 'lot.zip');
      const zip = await writeZip(zipPath, parts, now, [{ name: 'manifest.json', text }]);
      stored = await this.storage.putFile(DOSSIER_FOLDER, 'zip', zipPath);
      const path = stored;
      const saved = await this.store
        .transaction(
          async (uow) => {
            uow.add(new GeneratedDossier({
              scope: 'lot', studentId: null, courseId, studentIds, filePath: path,
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
      await job.progress(total, total);
    } finally {
      if (stored) await this.storage.remove(stored).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async saved(jobId: string): Promise<boolean> {
    return (await this.db.query('select 1 from evidence.generated_dossier where job_id = $1', [jobId])).length > 0;
  }
}

export interface DossierBatchView {
  job_id: string;
  state: string;
  progress: { done: number; total: number } | null;
  dossier: DossierView | null;
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
    return { job_id: status.id, state: status.state, progress: status.progress, dossier: dossier ? toDossierView(dossier) : null };
  }
}

/** A folder name from a person's name: letters and digits, accents dropped, dashes between. */
function slug(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase().slice(0, 60) || 'apprenant';
}
