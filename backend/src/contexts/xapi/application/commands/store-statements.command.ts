import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventLog, eventIdFor, type AppendRequest } from '../../../../platform/event-log/index.js';
import { sqlExecutor } from '../../../../platform/event-log/sql-executor.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';
import {
  activityParams,
  INSERT_STATEMENTS_SQL,
  MARK_VOIDED_SQL,
  statementInsertParams,
  STORED_CONTENT_SQL,
  TAKE_STATEMENT_TURN_SQL,
  turnAndInsertSql,
  UPSERT_ACTIVITIES_SQL,
  VOID_TARGETS_SQL,
  type StatementRow,
} from '../statement-store.sql.js';
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
  /** The statement as received (with its id), without the properties the LRS sets. */
  received: Obj;
  /** The statement as sent. */
  sent: Obj;
  /**
   * The canonical form of the stored statement but `stored` (and `timestamp` when absent, which
   * is `stored`), member by member (`"key":value`): `stored` is known only under the writers'
   * lock, where the rest is then only joined (canonicalStored).
   */
  members: [string, string][];
  receivedSha256: string;
  actorKey: string;
  verbId: string;
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

/** At most this many statements per request (413 beyond): the batch's transaction stays within seconds (docs/adr/0024). */
export const MAX_STATEMENTS_PER_REQUEST = 10_000;
const YIELD_EVERY = 250;

/** A single context activity is stored (and answered) as an array of one (Data 2.4.6.2). */
function normaliseContextActivities(statement: Obj): void {
  const activities = (statement.context as Obj | undefined)?.contextActivities as Obj | undefined;
  if (activities) for (const [key, value] of Object.entries(activities)) if (!Array.isArray(value)) activities[key] = [value];
  const sub = statement.object as Obj;
  if (sub.objectType === 'SubStatement') normaliseContextActivities(sub);
}

/**
 * canonicalJson of the statement as stored (`{...received, timestamp: sent.timestamp ?? stored,
 * stored, authority, version}`), from its members computed before the lock: the members sorted
 * by key as canonicalJson sorts them. It is also the JSON the row stores.
 */
export function canonicalStored(p: Pick<Prepared, 'members' | 'sent'>, stored: string): string {
  const storedJson = JSON.stringify(stored);
  const members: [string, string][] = [...p.members, ['stored', `"stored":${storedJson}`]];
  if (p.sent.timestamp === undefined) members.push(['timestamp', `"timestamp":${storedJson}`]);
  members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${members.map(([, member]) => member).join(',')}}`;
}

type StoredRow = StatementRow & { voids: string | null; definitions: [string, Obj][] };

/** The rows of INSERT_STATEMENTS_SQL for a `stored` instant: the stored form (canonical, so it is also what is hashed) and its sha256. */
function statementRows(prepared: Prepared[], stored: string, teacherIds: Map<number, number | null>): StoredRow[] {
  return prepared.map((p) => {
    const statementJson = canonicalStored(p, stored);
    return {
      id: p.id,
      statementJson,
      sha256: sha256Hex(statementJson),
      receivedSha256: p.receivedSha256,
      actorKey: p.actorKey,
      verbId: p.verbId,
      objectActivity: p.objectActivity,
      objectAgent: p.objectAgent,
      objectRef: p.objectRef,
      registration: p.registration,
      agents: p.agents,
      activities: p.activities,
      teacherId: p.courseIds.map((c) => teacherIds.get(c)).find((t) => t !== undefined && t !== null) ?? null,
      voids: p.voids,
      definitions: p.definitions,
    };
  });
}

@CommandHandler(StoreStatements)
export class StoreStatementsHandler implements ICommandHandler<StoreStatements> {
  private readonly teachers = new Map<number, { teacherId: number | null; at: number }>();

  constructor(
    private readonly orm: MikroORM,
    private readonly log: EventLog,
    private readonly home: XapiHome,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, statements, attachments, statementId }: StoreStatements): Promise<string[]> {
    this.checkMayWrite(principal);
    if (statements.length === 0) throw new XapiBadRequest('statements: at least one statement is expected');
    if (statements.length > MAX_STATEMENTS_PER_REQUEST) {
      throw new XapiError(413, `Payload too large: at most ${MAX_STATEMENTS_PER_REQUEST} statements per request (this one has ${statements.length}); send the rest in further requests`);
    }
    // X-Experience-API-Consistent-Through needs nothing here: the turn answers the newest of `stored`
    // and of the header's answers, so a `stored` taken before an answer is taken again (migration 122).
    const authority = this.home.authority(principal);
    const ids = new Set<string>();
    const prepared: Prepared[] = [];
    for (const [index, raw] of statements.entries()) {
      // A big batch is validated in slices: the other requests of this node are answered in between.
      if (index > 0 && index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
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
      const item = this.prepare(statement, authority);
      if (ids.has(item.id)) throw new XapiBadRequest(`${path}.id: the same id is used twice in the request`);
      ids.add(item.id);
      prepared.push(item);
    }
    // Every attachment sent must be declared by a statement (Communication 1.5.2).
    const declared = new Set(prepared.flatMap((p) => ((p.sent.attachments as Obj[] | undefined) ?? []).map((a) => String(a.sha2))));
    for (const sha2 of attachments.keys()) if (!declared.has(sha2)) throw new XapiBadRequest(`attachments: a part (sha2 ${sha2}) matches no statement's attachment`);
    const teacherIds = await this.teacherIds(prepared);
    await this.save(principal, authority, prepared, attachments, teacherIds);
    return prepared.map((p) => p.id);
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

  /** Everything of a statement but what depends on `stored` (taken in the transaction, in commit order). */
  private prepare(statement: Obj, authority: Obj): Prepared {
    normaliseContextActivities(statement);
    const id = String(statement.id ?? randomUUID()).toLowerCase();
    const received: Obj = { ...statement, id };
    delete received.stored;
    delete received.authority;
    delete received.version;
    const known: Obj = { ...received, authority, version: statement.version ?? '1.0.0' };
    const members = Object.keys(known).map((key): [string, string] => [key, `${JSON.stringify(key)}:${canonicalJson(known[key])}`]);
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
      received,
      sent: statement,
      members,
      receivedSha256: sha256Hex(canonicalJson(received)),
      actorKey: actorKey(statement.actor as Obj) ?? `anonymous:${sha256Hex(canonicalJson(statement.actor))}`,
      verbId: String((statement.verb as Obj).id),
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
   * One transaction, set-based (docs/adr/0024): the statement writers' lock, `stored` (after the
   * newest stored, so that it follows commit order), then one INSERT for every statement (an id
   * already stored with the same content is a no-op, with different content a 409), one append
   * of every XapiStatementStored (event id derived from the statement id, so a second storage
   * appends nothing), one UPDATE of the voided targets, one upsert of the activity definitions;
   * attachments kept. Docs/adr/0014 explains why this is a plain insert and not an aggregate.
   */
  private async save(
    principal: XapiPrincipal,
    authority: Obj,
    prepared: Prepared[],
    attachments: ReadonlyMap<string, AttachmentPart>,
    teacherIds: Map<number, number | null>,
  ): Promise<void> {
    const credentialId = principal.kind === 'credential' ? principal.credentialId : null;
    const accountId = principal.kind === 'session' ? principal.actor.accountId : null;
    const studentId = principal.kind === 'session' ? principal.actor.profileId : null;
    // Each statement's stored form and its sha256 made before the turn, with the clock's `stored`:
    // under the turn they are only checked against the newest stored (a 10,000-statement batch
    // spent about a second of its turn making them).
    const early = { stored: this.clock.now().toISOString(), rows: [] as StoredRow[] };
    for (let from = 0; from < prepared.length; from += YIELD_EVERY) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      early.rows.push(...statementRows(prepared.slice(from, from + YIELD_EVERY), early.stored, teacherIds));
    }
    // Their events too, chained and hashed before the turn, appended by the turn's statement.
    const storedEvents = (rows: StoredRow[]): AppendRequest[] =>
      rows.map((r) => {
        const event: XapiStatementStored = { type: 'XapiStatementStored', payload: { statementId: r.id, sha256: r.sha256, voids: r.voids, credentialId, studentId } };
        return { streamType: STATEMENT_STREAM, streamId: r.id, expectedVersion: 0, events: [{ ...event, eventId: eventIdFor(r.id, 'stored') }] };
      });
    const events = prepared.every((p) => p.voids === null) ? this.log.prepareNewStreams(storedEvents(early.rows)) : null;
    await this.orm.em.fork().transactional(async (em) => {
      const sql = sqlExecutor(em);
      // Targets of voiding statements: a voiding statement cannot be voided (Data 2.3.2).
      const targets = prepared.map((p) => p.voids).filter((v): v is string => v !== null);
      const batchVoiding = new Set(prepared.filter((p) => p.voids).map((p) => p.id));
      if (targets.some((t) => batchVoiding.has(t))) throw new XapiBadRequest('object: a voiding statement cannot be voided');

      // The usual batch (no voiding statement): the turn, the rows made before it, their
      // definitions and their events in one round trip, the rows kept when their `stored` is
      // still after the newest one.
      let turn: { newest: number | null; inserted: Set<string> | null; definitionsDone: boolean; eventsDone: boolean };
      if (events) {
        let answer: { newest: Date | string | null; ids: string[]; event_ids: string[] };
        try {
          [answer] = await sql.query<typeof answer>(turnAndInsertSql(events.insertSql), [
            ...statementInsertParams(early.stored, credentialId, accountId, early.rows),
            ...activityParams(early.rows.flatMap((r) => r.definitions)),
            ...events.params,
          ]);
        } catch (error) {
          throw events.failure(error);
        }
        const newest = answer.newest === null ? null : new Date(answer.newest).getTime();
        const kept = newest === null || newest < Date.parse(early.stored);
        if (kept) events.settle(em, answer.ids, answer.event_ids);
        turn = { newest, inserted: kept ? new Set(answer.ids) : null, definitionsDone: kept && answer.ids.length === early.rows.length, eventsDone: kept };
      } else {
        const [{ stored: last }] = await sql.query<{ stored: Date | string | null }>(TAKE_STATEMENT_TURN_SQL);
        turn = { newest: last === null ? null : new Date(last).getTime(), inserted: null, definitionsDone: false, eventsDone: false };
        await this.checkVoiding(principal, sql, targets);
      }
      // 1 ms after the newest when the clock's instant taken before the turn is not after it (a
      // batch prepared later took the turn first, or another node's clock is ahead) — not the
      // clock's instant under the turn: that one is after the instant of every batch waiting
      // meanwhile, which would all be made again in turn (measured: 157 batches of 160).
      const newest = turn.newest;
      const stored = newest === null || newest < Date.parse(early.stored) ? early.stored : new Date(newest + 1).toISOString();

      // The rows prepared before the turn serve when their `stored` is still after the newest one (the usual case); otherwise they are made again.
      const rows = stored === early.stored ? early.rows : statementRows(prepared, stored, teacherIds);
      const inserted = turn.inserted ?? new Set((await sql.query<{ id: string }>(INSERT_STATEMENTS_SQL, statementInsertParams(stored, credentialId, accountId, rows))).map((r) => r.id));
      if (inserted.size < rows.length) {
        const skipped = rows.filter((r) => !inserted.has(r.id));
        const existing = new Map((await sql.query<{ id: string; received_sha256: string }>(STORED_CONTENT_SQL, [skipped.map((r) => r.id)])).map((r) => [r.id, r.received_sha256]));
        const other = skipped.find((r) => existing.get(r.id) !== r.receivedSha256);
        if (other) throw new XapiError(409, `Conflict: statement ${other.id} is already stored with other content`);
      }
      const added = rows.filter((r) => inserted.has(r.id));
      if (added.length === 0) return;
      if (!turn.eventsDone) await this.log.appendMany(em, storedEvents(added));
      const voided = added.map((r) => r.voids).filter((v): v is string => v !== null);
      if (voided.length > 0) await sql.query(MARK_VOIDED_SQL, [voided]);
      const definitions = added.flatMap((r) => r.definitions);
      if (definitions.length > 0 && !turn.definitionsDone) await sql.query(UPSERT_ACTIVITIES_SQL, activityParams(definitions));
      for (const [sha2, part] of attachments) {
        await sql.query(`insert into xapi.attachment (sha2, content_type, content) values ($1, $2, $3) on conflict (sha2) do nothing`, [sha2, part.contentType, part.content]);
      }
    });
  }

  /** Under the turn, before a batch with voiding statements is inserted: their targets may be voided, by this sender. */
  private async checkVoiding(principal: XapiPrincipal, sql: ReturnType<typeof sqlExecutor>, targets: string[]): Promise<void> {
    const found = await sql.query<{ id: string; verb_id: string; credential_id: number | null; account_id: number | null }>(VOID_TARGETS_SQL, [targets]);
    if (found.some((t) => t.verb_id === VOIDED_VERB)) throw new XapiBadRequest('object: a voiding statement cannot be voided');
    // Voiding hides a statement from every reader: only its sender does it (a student their own, a credential what it stored), or a credential with the `all` scope.
    const mayVoid = (t: (typeof found)[number]) =>
      principal.kind === 'platform' ||
      (principal.kind === 'credential' && (principal.scopes.includes('all') || t.credential_id === principal.credentialId)) ||
      (principal.kind === 'session' && t.account_id === principal.actor.accountId);
    const refused = found.find((t) => !mayVoid(t));
    if (refused) throw FORBIDDEN(`statement ${refused.id} was stored by someone else: only its sender voids it`);
  }
}
