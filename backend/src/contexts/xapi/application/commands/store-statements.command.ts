import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventLog, eventIdFor } from '../../../../platform/event-log/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';
import { StatementConsistency } from '../consistency.js';
import { STATEMENT_STREAM, type XapiStatementStored } from '../../contracts/xapi.events.js';
import { actorKey, actorKeys, canonicalJson, sha256Hex } from '../../domain/agents.js';
import { FORBIDDEN, hasScope, XapiHome, type XapiPrincipal } from '../../domain/principal.js';
import { validateStatement, VOIDED_VERB } from '../../domain/statement-validation.js';
import { checkSignatures } from '../../domain/signatures.js';
import { XapiBadRequest, XapiError } from '../../domain/xapi.errors.js';

type Obj = Record<string, unknown>;

export interface AttachmentPart {
  contentType: string;
  content: Buffer;
}

/**
 * Stores statements (one, or the array of a POST) all or none, and answers their ids once they are
 * committed. `statementId` is the PUT's parameter. Attachments are the multipart parts, by sha2.
 */
export class StoreStatements extends Command<string[]> {
  constructor(
    readonly principal: XapiPrincipal,
    readonly statements: unknown[],
    readonly attachments: ReadonlyMap<string, AttachmentPart> = new Map(),
    readonly statementId?: string,
  ) {
    super();
  }
}

interface Prepared {
  id: string;
  statement: Obj;
  sha256: string;
  receivedSha256: string;
  actorKey: string;
  agents: string[];
  activities: string[];
  objectActivity: string | null;
  objectAgent: string | null;
  objectRef: string | null;
  registration: string | null;
  voids: string | null;
  courseIds: number[];
  definitions: [string, Obj][];
}

/** A single context activity is stored (and answered) as an array of one (Data 2.4.6.2). */
function normaliseContextActivities(statement: Obj): void {
  const activities = (statement.context as Obj | undefined)?.contextActivities as Obj | undefined;
  if (activities) for (const [key, value] of Object.entries(activities)) if (!Array.isArray(value)) activities[key] = [value];
  const sub = statement.object as Obj;
  if (sub.objectType === 'SubStatement') normaliseContextActivities(sub);
}

@CommandHandler(StoreStatements)
export class StoreStatementsHandler implements ICommandHandler<StoreStatements> {
  private readonly teachers = new Map<number, { teacherId: number | null; at: number }>();

  constructor(
    private readonly orm: MikroORM,
    private readonly log: EventLog,
    private readonly home: XapiHome,
    private readonly queries: QueryBus,
    private readonly consistency: StatementConsistency,
  ) {}

  async execute({ principal, statements, attachments, statementId }: StoreStatements): Promise<string[]> {
    this.checkMayWrite(principal);
    if (statements.length === 0) throw new XapiBadRequest('statements: at least one statement is expected');
    // In flight from the instant `stored` is taken until the commit (X-Experience-API-Consistent-Through).
    const { at: now, done } = this.consistency.begin();
    try {
      const stored = now.toISOString();
      const authority = this.home.authority(principal);
      const ids = new Set<string>();
      const prepared = statements.map((raw, index) => {
        const path = statements.length > 1 ? `statements[${index}]` : 'statement';
        validateStatement(raw, path);
        const statement = raw as Obj;
        if (statementId !== undefined) {
          if (statement.id !== undefined && String(statement.id).toLowerCase() !== statementId.toLowerCase()) {
            throw new XapiBadRequest('statementId: the parameter and the statement id differ');
          }
          statement.id = statementId;
        }
        this.checkActor(principal, statement);
        this.checkAttachments(statement, attachments, path);
        checkSignatures(statement, attachments, path);
        const item = this.prepare(statement, stored, authority);
        if (ids.has(item.id)) throw new XapiBadRequest(`${path}.id: the same id is used twice in the request`);
        ids.add(item.id);
        return item;
      });
      // Every attachment sent must be declared by a statement (Communication 1.5.2).
      const declared = new Set(prepared.flatMap((p) => ((p.statement.attachments as Obj[] | undefined) ?? []).map((a) => String(a.sha2))));
      for (const sha2 of attachments.keys()) if (!declared.has(sha2)) throw new XapiBadRequest(`attachments: a part (sha2 ${sha2}) matches no statement's attachment`);
      const teacherIds = await this.teacherIds(prepared);
      await this.save(principal, prepared, attachments, teacherIds);
      return prepared.map((p) => p.id);
    } finally {
      done();
    }
  }

  private checkMayWrite(principal: XapiPrincipal): void {
    if (principal.kind === 'credential' && !hasScope(principal, 'statements/write')) throw FORBIDDEN('this credential may not write statements');
    if (principal.kind === 'session' && principal.actor.role !== 'student') throw FORBIDDEN('only a student writes statements with a session, about themselves');
  }

  /** A student writes only statements whose actor is themselves, as the platform's account (never an e-mail address). */
  private checkActor(principal: XapiPrincipal, statement: Obj): void {
    if (principal.kind !== 'session') return;
    const actor = statement.actor as Obj;
    if (actor.objectType === 'Group' || actorKey(actor) !== this.home.studentKey(principal.actor.profileId)) {
      throw FORBIDDEN(`the actor must be you: {"objectType":"Agent","account":{"homePage":"${this.home.homePage}","name":"${principal.actor.profileId}"}}`);
    }
  }

  private checkAttachments(statement: Obj, attachments: ReadonlyMap<string, AttachmentPart>, path: string): void {
    const list = (statement.attachments as Obj[] | undefined) ?? [];
    list.forEach((attachment, index) => {
      if (attachment.fileUrl !== undefined) return;
      if (!attachments.has(String(attachment.sha2))) throw new XapiBadRequest(`${path}.attachments[${index}]: no fileUrl and no part with sha2 ${String(attachment.sha2)}`);
    });
    const sub = statement.object as Obj;
    if (sub.objectType === 'SubStatement') this.checkAttachments(sub, attachments, `${path}.object`);
  }

  private prepare(statement: Obj, stored: string, authority: Obj): Prepared {
    normaliseContextActivities(statement);
    const id = String(statement.id ?? randomUUID()).toLowerCase();
    const received: Obj = { ...statement, id };
    delete received.stored;
    delete received.authority;
    delete received.version;
    const full: Obj = { ...received, timestamp: statement.timestamp ?? stored, stored, authority, version: statement.version ?? '1.0.0' };
    const target = statement.object as Obj;
    const objectType = target.objectType ?? 'Activity';
    const agents = new Set<string>();
    const activities = new Set<string>();
    const definitions: [string, Obj][] = [];
    const addActivity = (activity: Obj) => {
      activities.add(String(activity.id));
      if (activity.definition) definitions.push([String(activity.id), activity.definition as Obj]);
    };
    const collect = (s: Obj) => {
      for (const key of actorKeys(s.actor as Obj)) agents.add(key);
      const o = s.object as Obj;
      const type = o.objectType ?? 'Activity';
      if (type === 'Activity') addActivity(o);
      if (type === 'Agent' || type === 'Group') for (const key of actorKeys(o)) agents.add(key);
      if (type === 'SubStatement') collect(o);
      const context = s.context as Obj | undefined;
      if (context?.instructor) for (const key of actorKeys(context.instructor as Obj)) agents.add(key);
      if (context?.team) for (const key of actorKeys(context.team as Obj)) agents.add(key);
      for (const list of Object.values((context?.contextActivities as Obj | undefined) ?? {})) {
        for (const activity of Array.isArray(list) ? list : [list]) addActivity(activity as Obj);
      }
    };
    collect(statement);
    for (const key of actorKeys(authority)) agents.add(key);
    const isVoiding = (statement.verb as Obj).id === VOIDED_VERB;
    const courseIds = [...new Set([...activities].map((iri) => this.home.courseOf(iri)).filter((c): c is number => c !== null))];
    return {
      id,
      statement: full,
      sha256: sha256Hex(canonicalJson(full)),
      receivedSha256: sha256Hex(canonicalJson(received)),
      actorKey: actorKey(statement.actor as Obj) ?? `anonymous:${sha256Hex(canonicalJson(statement.actor))}`,
      agents: [...agents],
      activities: [...activities],
      objectActivity: objectType === 'Activity' ? String(target.id) : null,
      objectAgent: objectType === 'Agent' || objectType === 'Group' ? actorKey(target) : null,
      objectRef: objectType === 'StatementRef' ? String(target.id).toLowerCase() : null,
      registration: ((statement.context as Obj | undefined)?.registration as string | undefined)?.toLowerCase() ?? null,
      voids: isVoiding ? String(target.id).toLowerCase() : null,
      courseIds,
      definitions,
    };
  }

  /** The trainer of the platform course a statement names (cached a minute), so that they may read it. */
  private async teacherIds(prepared: Prepared[]): Promise<Map<number, number | null>> {
    const result = new Map<number, number | null>();
    const now = Date.now();
    for (const courseId of new Set(prepared.flatMap((p) => p.courseIds))) {
      const cached = this.teachers.get(courseId);
      if (cached && now - cached.at < 60_000) {
        result.set(courseId, cached.teacherId);
        continue;
      }
      const teacherId = await this.queries.execute(new GetCourseOwner(courseId)).then(
        (course) => course.teacher_id,
        () => null,
      );
      this.teachers.set(courseId, { teacherId, at: now });
      result.set(courseId, teacherId);
    }
    return result;
  }

  /**
   * One transaction: each statement inserted (an id already stored with the same content is a
   * no-op, with different content a 409), its XapiStatementStored appended (event id derived from
   * the statement id, so a second storage appends nothing), voided targets marked, attachments
   * and activity definitions kept. Docs/adr/0014 explains why this is a plain insert and not an aggregate.
   */
  private async save(principal: XapiPrincipal, prepared: Prepared[], attachments: ReadonlyMap<string, AttachmentPart>, teacherIds: Map<number, number | null>): Promise<void> {
    const credentialId = principal.kind === 'credential' ? principal.credentialId : null;
    const accountId = principal.kind === 'session' ? principal.actor.accountId : null;
    const studentId = principal.kind === 'session' ? principal.actor.profileId : null;
    await this.orm.em.fork().transactional(async (em) => {
      // Targets of voiding statements: a voiding statement cannot be voided (Data 2.3.2).
      const targets = prepared.map((p) => p.voids).filter((v): v is string => v !== null);
      if (targets.length > 0) {
        const found = await em.execute<{ id: string; verb_id: string; credential_id: number | null; account_id: number | null }[]>(
          `select id, verb_id, credential_id, account_id from xapi.statement where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
          [JSON.stringify(targets)],
        );
        const batchVoiding = new Set(prepared.filter((p) => p.voids).map((p) => p.id));
        if (found.some((t) => t.verb_id === VOIDED_VERB) || targets.some((t) => batchVoiding.has(t))) throw new XapiBadRequest('object: a voiding statement cannot be voided');
        // Voiding hides a statement from every reader: only its sender does it (a student their own, a credential what it stored), or a credential with the `all` scope.
        const mayVoid = (t: (typeof found)[number]) =>
          principal.kind === 'platform' ||
          (principal.kind === 'credential' && (principal.scopes.includes('all') || t.credential_id === principal.credentialId)) ||
          (principal.kind === 'session' && t.account_id === principal.actor.accountId);
        const refused = found.find((t) => !mayVoid(t));
        if (refused) throw FORBIDDEN(`statement ${refused.id} was stored by someone else: only its sender voids it`);
      }
      for (const p of prepared) {
        const teacherId = p.courseIds.map((c) => teacherIds.get(c)).find((t) => t !== undefined && t !== null) ?? null;
        const inserted = await em.execute<{ seq: number }[]>(
          `insert into xapi.statement (id, statement, sha256, received_sha256, stored, actor_key, verb_id, object_activity, object_agent, object_ref,
                                       registration, agents, activities, credential_id, account_id, teacher_id)
           values (?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), array(select jsonb_array_elements_text(?::jsonb)), ?, ?, ?)
           on conflict (id) do nothing returning seq`,
          [
            p.id, JSON.stringify(p.statement), p.sha256, p.receivedSha256, p.statement.stored, p.actorKey, (p.statement.verb as Obj).id,
            p.objectActivity, p.objectAgent, p.objectRef, p.registration, JSON.stringify(p.agents), JSON.stringify(p.activities), credentialId, accountId, teacherId,
          ],
        );
        if (inserted.length === 0) {
          const [existing] = await em.execute<{ received_sha256: string }[]>(`select received_sha256 from xapi.statement where id = ?`, [p.id]);
          if (existing?.received_sha256 !== p.receivedSha256) throw new XapiError(409, `Conflict: statement ${p.id} is already stored with other content`);
          continue;
        }
        const event: XapiStatementStored = { type: 'XapiStatementStored', payload: { statementId: p.id, sha256: p.sha256, voids: p.voids, credentialId, studentId } };
        await this.log.append(em, { streamType: STATEMENT_STREAM, streamId: p.id, expectedVersion: 0, events: [{ ...event, eventId: eventIdFor(p.id, 'stored') }] });
        if (p.voids) await em.execute(`update xapi.statement set voided = true where id = ?`, [p.voids]);
        for (const [id, definition] of p.definitions) {
          await em.execute(
            // The canonical definition: the newest values, with the languages of every name and description kept.
            `insert into xapi.activity (id, definition) values (?, ?::jsonb) on conflict (id) do update set definition = xapi.activity.definition || excluded.definition
               || jsonb_strip_nulls(jsonb_build_object('name', (xapi.activity.definition -> 'name') || (excluded.definition -> 'name'),
                                                        'description', (xapi.activity.definition -> 'description') || (excluded.definition -> 'description')))`,
            [id, JSON.stringify(definition)],
          );
        }
      }
      for (const [sha2, part] of attachments) {
        await em.execute(`insert into xapi.attachment (sha2, content_type, content) values (?, ?, ?) on conflict (sha2) do nothing`, [sha2, part.contentType, part.content]);
      }
    });
  }
}
