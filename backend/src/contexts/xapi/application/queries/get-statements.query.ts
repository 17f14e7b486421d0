import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { actorKey, agentIds } from '../../domain/agents.js';
import { statementReadScope, XapiHome, type ReadScope, type XapiPrincipal } from '../../domain/principal.js';
import { isIri, isTimestamp, isUuid, validateActor } from '../../domain/statement-validation.js';
import { XapiBadRequest, XapiError } from '../../domain/xapi.errors.js';
import { issueMore, readMore } from './more-tokens.js';

type Obj = Record<string, unknown>;

export const PAGE_MAX = 100;
const FILTERS = ['agent', 'verb', 'activity', 'registration', 'related_activities', 'related_agents', 'since', 'until', 'limit', 'format', 'attachments', 'ascending'];

export interface StatementsAnswer {
  /** One statement (statementId / voidedStatementId), or a page with its `more`. */
  single?: Obj;
  page?: { statements: Obj[]; more: string };
  format: 'exact' | 'ids' | 'canonical';
  attachments: boolean;
  /** sha2 of every attachment of the answer's statements (for a multipart answer). */
  sha2s: string[];
}

/** GET /statements: one statement by id, voided or not, or the statements matching the filters, paged by `more`. */
export class GetStatements extends Query<StatementsAnswer> {
  constructor(
    readonly principal: XapiPrincipal,
    readonly params: Record<string, string>,
    readonly languages: string[],
  ) {
    super();
  }
}

export interface Filter {
  agent?: string;
  verb?: string;
  activity?: string;
  registration?: string;
  relatedActivities: boolean;
  relatedAgents: boolean;
  since?: string;
  until?: string;
  limit: number;
  ascending: boolean;
  /** The cursor: the seq of the last statement of the previous page, and the newest seq at the first page. */
  after?: number;
  through?: number;
}

function bool(value: string | undefined, name: string): boolean {
  if (value === undefined) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new XapiBadRequest(`${name}: must be true or false`);
}

function format(value: string | undefined): StatementsAnswer['format'] {
  if (value === undefined) return 'exact';
  if (value === 'exact' || value === 'ids' || value === 'canonical') return value;
  throw new XapiBadRequest('format: must be ids, exact or canonical');
}

@QueryHandler(GetStatements)
export class GetStatementsHandler implements IQueryHandler<GetStatements> {
  constructor(
    private readonly db: Database,
    private readonly home: XapiHome,
  ) {}

  async execute({ principal, params, languages }: GetStatements): Promise<StatementsAnswer> {
    const scope = statementReadScope(principal, this.home);
    let query = params;
    if (params.more !== undefined) {
      if (Object.keys(params).length > 1) throw new XapiBadRequest('more: no other parameter may be sent with it');
      query = readMore(params.more);
    }
    const fmt = format(query.format);
    const attachments = bool(query.attachments, 'attachments');
    if (query.statementId !== undefined || query.voidedStatementId !== undefined) {
      if (query.statementId !== undefined && query.voidedStatementId !== undefined) throw new XapiBadRequest('statementId and voidedStatementId: only one may be sent');
      for (const key of Object.keys(query)) {
        if (!['statementId', 'voidedStatementId', 'format', 'attachments'].includes(key)) throw new XapiBadRequest(`${key}: not allowed with statementId or voidedStatementId`);
      }
      const voided = query.voidedStatementId !== undefined;
      const id = (query.statementId ?? query.voidedStatementId).toLowerCase();
      if (!isUuid(id)) throw new XapiBadRequest(`${voided ? 'voidedStatementId' : 'statementId'}: must be a UUID`);
      const [scopeCondition, scopeParams] = scopeSql(scope, 2);
      const [row] = await this.db.query<{ statement: Obj }>(`select statement from xapi.statement s where id = $1 and voided = ${voided} ${scopeCondition}`, [id, ...scopeParams]);
      if (!row) throw new XapiError(404, `Not found: no ${voided ? 'voided ' : ''}statement ${id}`);
      const single = await this.shape([row.statement], fmt, languages);
      return { single: single[0], format: fmt, attachments, sha2s: attachments ? sha2sOf([row.statement]) : [] };
    }
    for (const key of Object.keys(query)) if (!FILTERS.includes(key) && key !== 'cursor' && key !== 'through') throw new XapiBadRequest(`${key}: not a parameter of GET statements`);
    const filter = readFilter(query);
    const { rows, through } = await this.page(filter, scope);
    const hasMore = rows.length > filter.limit;
    const kept = rows.slice(0, filter.limit);
    const statements = await this.shape(
      kept.map((r) => r.statement),
      fmt,
      languages,
    );
    let more = '';
    if (hasMore) {
      const next: Record<string, string> = { ...query, cursor: String(kept[kept.length - 1].seq), through: String(through) };
      delete next.more;
      more = `/api/xapi/statements?more=${issueMore(next)}`;
    }
    return { page: { statements, more }, format: fmt, attachments, sha2s: attachments ? sha2sOf(kept.map((r) => r.statement)) : [] };
  }

  private async page(filter: Filter, scope: ReadScope): Promise<{ rows: { seq: number; statement: Obj }[]; through: number }> {
    const through = filter.through ?? (await this.db.one<{ seq: number | null }>(`select max(seq) as seq from xapi.statement`))?.seq ?? 0;
    const { sql, params } = statementPageQuery(filter, scope, through);
    return { rows: await this.db.query<{ seq: number; statement: Obj }>(sql, params), through };
  }

  /** The statements in the asked format: exact (as stored), ids, or canonical (one language, the LRS's activity definitions). */
  private async shape(statements: Obj[], fmt: StatementsAnswer['format'], languages: string[]): Promise<Obj[]> {
    if (fmt === 'exact') return statements;
    if (fmt === 'ids') return statements.map((s) => idsOnly(s));
    const ids = new Set<string>();
    const walk = (s: Obj) => {
      const o = s.object as Obj;
      if ((o.objectType ?? 'Activity') === 'Activity') ids.add(String(o.id));
      if (o.objectType === 'SubStatement') walk(o);
      for (const list of Object.values(((s.context as Obj | undefined)?.contextActivities as Obj | undefined) ?? {})) {
        for (const a of Array.isArray(list) ? list : [list]) ids.add(String((a as Obj).id));
      }
    };
    statements.forEach(walk);
    const rows = ids.size ? await this.db.query<{ id: string; definition: Obj }>(`select id, definition from xapi.activity where id = any($1::text[])`, [[...ids]]) : [];
    const definitions = new Map(rows.map((r) => [r.id, r.definition]));
    return statements.map((s) => canonical(structuredClone(s), definitions, languages));
  }
}

/** The filters of a GET statements query string, checked (each malformed one a 400). */
export function readFilter(query: Record<string, string>): Filter {
  const filter: Filter = {
    relatedActivities: bool(query.related_activities, 'related_activities'),
    relatedAgents: bool(query.related_agents, 'related_agents'),
    ascending: bool(query.ascending, 'ascending'),
    limit: PAGE_MAX,
  };
  if (query.agent !== undefined) {
    let agent: unknown;
    try {
      agent = JSON.parse(query.agent);
    } catch {
      throw new XapiBadRequest('agent: must be an Agent or Group in JSON');
    }
    validateActor(agent, 'agent');
    const key = actorKey(agent as Obj);
    if (!key) throw new XapiBadRequest('agent: must be identified (mbox, mbox_sha1sum, openid or account)');
    filter.agent = key;
  }
  if (query.verb !== undefined) {
    if (!isIri(query.verb)) throw new XapiBadRequest('verb: must be an IRI');
    filter.verb = query.verb;
  }
  if (query.activity !== undefined) {
    if (!isIri(query.activity)) throw new XapiBadRequest('activity: must be an IRI');
    filter.activity = query.activity;
  }
  if (query.registration !== undefined) {
    if (!isUuid(query.registration)) throw new XapiBadRequest('registration: must be a UUID');
    filter.registration = query.registration.toLowerCase();
  }
  for (const key of ['since', 'until'] as const) {
    if (query[key] === undefined) continue;
    if (!isTimestamp(query[key])) throw new XapiBadRequest(`${key}: must be an ISO 8601 timestamp`);
    filter[key] = new Date(/(Z|[+-]\d{2}(:?\d{2})?)$/.test(query[key]) ? query[key] : `${query[key]}Z`).toISOString();
  }
  if (query.limit !== undefined) {
    if (!/^\d{1,9}$/.test(query.limit)) throw new XapiBadRequest('limit: must be a non-negative integer');
    const limit = Number(query.limit);
    filter.limit = limit === 0 || limit > PAGE_MAX ? PAGE_MAX : limit;
  }
  if (query.cursor !== undefined) filter.after = Number(query.cursor);
  if (query.through !== undefined) filter.through = Number(query.through);
  return filter;
}


function scopeSql(scope: ReadScope, next: number, alias = 's'): [string, unknown[]] {
  switch (scope.kind) {
    case 'all':
      return ['', []];
    case 'credential':
      return [`and ${alias}.credential_id = $${next}`, [scope.credentialId]];
    case 'actor':
      return [`and ${alias}.actor_key = $${next}`, [scope.actorKey]];
    case 'teacher':
      return [`and ${alias}.teacher_id = $${next}`, [scope.teacherId]];
  }
}


/**
 * The SQL of a page: statements matching the filters, and (Data 2.5, StatementRef filter
 * conditions) the statements that target one matching them, voided ones left out; newest stored
 * first unless ascending; up to `through` (the newest seq when the first page was read).
 */
export function statementPageQuery(filter: Filter, scope: ReadScope, through: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const matching = (alias: string): string[] => {
    const conditions: string[] = [];
    if (filter.agent) {
      conditions.push(filter.relatedAgents ? `${alias}.agents @> array[${p(filter.agent)}]::text[]` : `(${alias}.actor_key = ${p(filter.agent)} or ${alias}.object_agent = $${params.length})`);
    }
    if (filter.verb) conditions.push(`${alias}.verb_id = ${p(filter.verb)}`);
    if (filter.activity) {
      conditions.push(filter.relatedActivities ? `${alias}.activities @> array[${p(filter.activity)}]::text[]` : `${alias}.object_activity = ${p(filter.activity)}`);
    }
    if (filter.registration) conditions.push(`${alias}.registration = ${p(filter.registration)}::uuid`);
    return conditions;
  };
  const common = (alias: string): string[] => {
    const conditions = [`not ${alias}.voided`, `${alias}.seq <= ${p(through)}`];
    if (filter.since) conditions.push(`${alias}.stored > ${p(filter.since)}::timestamptz`);
    if (filter.until) conditions.push(`${alias}.stored <= ${p(filter.until)}::timestamptz`);
    if (filter.after !== undefined) conditions.push(`${alias}.seq ${filter.ascending ? '>' : '<'} ${p(filter.after)}`);
    const [scopeCondition, scopeParams] = scopeSql(scope, params.length + 1, alias);
    if (scopeCondition) {
      params.push(...scopeParams);
      conditions.push(scopeCondition.replace(/^and /, ''));
    }
    return conditions;
  };
  const order = filter.ascending ? 'asc' : 'desc';
  const limit = filter.limit + 1;
  const direct = [...matching('s'), ...common('s')];
  let sql = `select s.seq, s.statement from xapi.statement s where ${direct.join(' and ')} order by s.seq ${order} limit ${limit}`;
  const targetConditions = matching('t');
  if (targetConditions.length > 0) {
    const referring = [...targetConditions, ...common('s')];
    sql = `select * from ((${sql}) union (select s.seq, s.statement from xapi.statement s join xapi.statement t on t.id = s.object_ref
             where ${referring.join(' and ')} order by s.seq ${order} limit ${limit})) u order by seq ${order} limit ${limit}`;
  }
  return { sql, params };
}

function sha2sOf(statements: Obj[]): string[] {
  const found = new Set<string>();
  const walk = (s: Obj) => {
    for (const a of (s.attachments as Obj[] | undefined) ?? []) found.add(String(a.sha2));
    const o = s.object as Obj | undefined;
    if (o?.objectType === 'SubStatement') walk(o);
  };
  statements.forEach(walk);
  return [...found];
}

function idsOnly(statement: Obj): Obj {
  const out: Obj = { ...statement };
  out.actor = agentIds(statement.actor as Obj);
  out.verb = { id: (statement.verb as Obj).id };
  const o = statement.object as Obj;
  const type = o.objectType ?? 'Activity';
  if (type === 'Activity') out.object = { id: o.id };
  else if (type === 'Agent' || type === 'Group') out.object = agentIds(o);
  else if (type === 'SubStatement') out.object = idsOnly(o);
  if (statement.authority) out.authority = agentIds(statement.authority as Obj);
  const context = statement.context as Obj | undefined;
  if (context) {
    const c: Obj = { ...context };
    if (context.instructor) c.instructor = agentIds(context.instructor as Obj);
    if (context.team) c.team = agentIds(context.team as Obj);
    if (context.contextActivities) {
      const activities: Obj = {};
      for (const [key, list] of Object.entries(context.contextActivities as Obj)) {
        activities[key] = (Array.isArray(list) ? list : [list]).map((a) => ({ id: (a as Obj).id }));
      }
      c.contextActivities = activities;
    }
    out.context = c;
  }
  return out;
}

/** The one entry of a language map the reader prefers (Accept-Language), else the first. */
export function pickLanguage(map: Obj, languages: string[]): Obj {
  const tags = Object.keys(map);
  if (tags.length <= 1) return map;
  for (const wanted of languages) {
    const exact = tags.find((t) => t.toLowerCase() === wanted.toLowerCase());
    if (exact) return { [exact]: map[exact] };
    const prefix = tags.find((t) => t.toLowerCase().split('-')[0] === wanted.toLowerCase().split('-')[0]);
    if (prefix) return { [prefix]: map[prefix] };
  }
  return { [tags[0]]: map[tags[0]] };
}

function canonicalDefinition(definition: Obj, languages: string[]): Obj {
  const out: Obj = { ...definition };
  for (const key of ['name', 'description']) if (out[key]) out[key] = pickLanguage(out[key] as Obj, languages);
  for (const list of ['choices', 'scale', 'source', 'target', 'steps']) {
    if (Array.isArray(out[list])) {
      out[list] = (out[list] as Obj[]).map((c) => (c.description ? { ...c, description: pickLanguage(c.description as Obj, languages) } : c));
    }
  }
  return out;
}

function canonical(statement: Obj, definitions: Map<string, Obj>, languages: string[]): Obj {
  const verb = statement.verb as Obj;
  if (verb.display) verb.display = pickLanguage(verb.display as Obj, languages);
  const activity = (a: Obj) => {
    const definition = definitions.get(String(a.id)) ?? (a.definition as Obj | undefined);
    if (definition) a.definition = canonicalDefinition(definition, languages);
  };
  const o = statement.object as Obj;
  if ((o.objectType ?? 'Activity') === 'Activity') activity(o);
  if (o.objectType === 'SubStatement') canonical(o, definitions, languages);
  for (const list of Object.values(((statement.context as Obj | undefined)?.contextActivities as Obj | undefined) ?? {})) {
    for (const a of Array.isArray(list) ? list : [list]) activity(a as Obj);
  }
  for (const a of (statement.attachments as Obj[] | undefined) ?? []) {
    if (a.display) a.display = pickLanguage(a.display as Obj, languages);
    if (a.description) a.description = pickLanguage(a.description as Obj, languages);
  }
  return statement;
}

