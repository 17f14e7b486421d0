import { XapiBadRequest } from './xapi.errors.js';

/*
 * The statement format of xAPI 1.0.3 (Data, parts 2 and 4): every rule a stored statement must
 * meet, each violation refused with its reason and the property's path. Pure: no database.
 */

type Json = unknown;
type Obj = Record<string, Json>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An absolute IRI: a scheme, a colon, then no white space or characters IRIs exclude. */
const IRI = /^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`]*$/i;
const MBOX = /^mailto:[^@\s]+@[^@\s]+$/i;
const SHA1 = /^[0-9a-f]{40}$/i;
const SHA2 = /^[0-9a-f]{56,128}$/i;
/** RFC 5646 language tags (the grammar's shape, without the registry). */
const LANGUAGE_TAG =
  /^(?:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[\da-wy-z](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?|x(?:-[a-z\d]{1,8})+|[a-z]{1,3}(?:-[a-z\d]{2,8})+)$/i;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const DURATION = /^P(?:\d+(?:[.,]\d+)?W|(?=\d|T\d)(?:\d+(?:[.,]\d+)?Y)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?D)?(?:T(?=\d)(?:\d+(?:[.,]\d+)?H)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?S)?)?)$/;
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(?:\s*;.*)?$/i;
const VERSION = /^1\.0(?:\.\d+)?$/;

export const INTERACTION_TYPES = ['true-false', 'choice', 'fill-in', 'long-fill-in', 'matching', 'performance', 'sequencing', 'likert', 'numeric', 'other'] as const;
const COMPONENT_LISTS: Record<string, readonly string[]> = {
  choice: ['choices'],
  sequencing: ['choices'],
  likert: ['scale'],
  matching: ['source', 'target'],
  performance: ['steps'],
};
const ALL_COMPONENT_LISTS = ['choices', 'scale', 'source', 'target', 'steps'];

function fail(path: string, reason: string): never {
  throw new XapiBadRequest(`${path}: ${reason}`);
}

function isObject(value: Json): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: Json, path: string): Obj {
  if (!isObject(value)) fail(path, 'must be a JSON object');
  for (const [key, v] of Object.entries(value)) if (v === null) fail(`${path}.${key}`, 'must not be null');
  return value;
}

function allowOnly(value: Obj, path: string, keys: readonly string[]): void {
  for (const key of Object.keys(value)) if (!keys.includes(key)) fail(`${path}.${key}`, 'is not a property of this object');
}

function string(value: Json, path: string): string {
  if (typeof value !== 'string') fail(path, 'must be a string');
  return value;
}

function boolean(value: Json, path: string): void {
  if (typeof value !== 'boolean') fail(path, 'must be true or false');
}

function number(value: Json, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'must be a number');
  return value;
}

export function isIri(value: string): boolean {
  return IRI.test(value);
}

function iri(value: Json, path: string): string {
  const text = string(value, path);
  if (!isIri(text)) fail(path, `must be an absolute IRI ("${text}" is not)`);
  return text;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

function uuid(value: Json, path: string): string {
  const text = string(value, path);
  if (!isUuid(text)) fail(path, `must be a UUID ("${text}" is not)`);
  return text;
}

export function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [, , month, day, hour, minute, second, zone] = match;
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return false;
  if (Number(hour) > 23 || Number(minute) > 59 || (second !== undefined && Number(second) > 60)) return false;
  // "-00:00" says the offset is unknown: not an instant (Data 4.5).
  if (zone !== undefined && /^-00:?(00)?$/.test(zone)) return false;
  return !Number.isNaN(Date.parse(zone === undefined ? `${value}Z` : value));
}

function timestamp(value: Json, path: string): void {
  const text = string(value, path);
  if (!isTimestamp(text)) fail(path, `must be an ISO 8601 date and time ("${text}" is not)`);
}

function languageMap(value: Json, path: string): void {
  const map = object(value, path);
  for (const [tag, text] of Object.entries(map)) {
    if (!LANGUAGE_TAG.test(tag)) fail(path, `"${tag}" is not an RFC 5646 language tag`);
    string(text, `${path}.${tag}`);
  }
}

function extensions(value: Json, path: string): void {
  const map = isObject(value) ? value : fail(path, 'must be a JSON object');
  for (const key of Object.keys(map)) if (!isIri(key)) fail(path, `extension key "${key}" is not an IRI`);
}

/** Agent or Group (Data 2.4.2): exactly one inverse functional identifier, except an anonymous Group. */
export function validateActor(value: Json, path: string, options: { allowGroup?: boolean } = {}): void {
  const actor = object(value, path);
  const type = actor.objectType;
  if (type !== undefined && type !== 'Agent' && type !== 'Group') fail(`${path}.objectType`, 'must be "Agent" or "Group"');
  if (type === 'Group') {
    if (options.allowGroup === false) fail(path, 'must be an Agent, not a Group');
    validateGroup(actor, path);
  } else validateAgent(actor, path);
}

function validateAgent(agent: Obj, path: string): void {
  allowOnly(agent, path, ['objectType', 'name', 'mbox', 'mbox_sha1sum', 'openid', 'account']);
  if (agent.name !== undefined) string(agent.name, `${path}.name`);
  if (countIdentifiers(agent, path) !== 1) fail(path, 'an Agent must have exactly one of mbox, mbox_sha1sum, openid, account');
}

function validateGroup(group: Obj, path: string): void {
  allowOnly(group, path, ['objectType', 'name', 'mbox', 'mbox_sha1sum', 'openid', 'account', 'member']);
  if (group.name !== undefined) string(group.name, `${path}.name`);
  const identifiers = countIdentifiers(group, path);
  if (identifiers > 1) fail(path, 'a Group must not have more than one of mbox, mbox_sha1sum, openid, account');
  if (group.member !== undefined) {
    if (!Array.isArray(group.member)) fail(`${path}.member`, 'must be an array of Agents');
    group.member.forEach((member, index) => {
      const m = object(member, `${path}.member[${index}]`);
      if (m.objectType === 'Group') fail(`${path}.member[${index}]`, 'a Group member must be an Agent');
      validateActor(m, `${path}.member[${index}]`, { allowGroup: false });
    });
  }
  if (identifiers === 0 && (!Array.isArray(group.member) || group.member.length === 0)) fail(path, 'an anonymous Group must list its members');
}

function countIdentifiers(actor: Obj, path: string): number {
  let count = 0;
  if (actor.mbox !== undefined) {
    count++;
    const mbox = string(actor.mbox, `${path}.mbox`);
    if (!MBOX.test(mbox)) fail(`${path}.mbox`, `must be a "mailto:" IRI ("${mbox}" is not)`);
  }
  if (actor.mbox_sha1sum !== undefined) {
    count++;
    if (!SHA1.test(string(actor.mbox_sha1sum, `${path}.mbox_sha1sum`))) fail(`${path}.mbox_sha1sum`, 'must be a SHA-1 in hexadecimal');
  }
  if (actor.openid !== undefined) {
    count++;
    iri(actor.openid, `${path}.openid`);
  }
  if (actor.account !== undefined) {
    count++;
    const account = object(actor.account, `${path}.account`);
    allowOnly(account, `${path}.account`, ['homePage', 'name']);
    if (account.homePage === undefined) fail(`${path}.account.homePage`, 'is required');
    if (account.name === undefined) fail(`${path}.account.name`, 'is required');
    iri(account.homePage, `${path}.account.homePage`);
    string(account.name, `${path}.account.name`);
  }
  return count;
}

function validateVerb(value: Json, path: string): void {
  const verb = object(value, path);
  allowOnly(verb, path, ['id', 'display']);
  if (verb.id === undefined) fail(`${path}.id`, 'is required');
  iri(verb.id, `${path}.id`);
  if (verb.display !== undefined) languageMap(verb.display, `${path}.display`);
}

function validateActivity(activity: Obj, path: string): void {
  allowOnly(activity, path, ['objectType', 'id', 'definition']);
  if (activity.id === undefined) fail(`${path}.id`, 'is required');
  iri(activity.id, `${path}.id`);
  if (activity.definition !== undefined) validateDefinition(activity.definition, `${path}.definition`);
}

function validateDefinition(value: Json, path: string): void {
  const definition = object(value, path);
  allowOnly(definition, path, ['name', 'description', 'type', 'moreInfo', 'extensions', 'interactionType', 'correctResponsesPattern', ...ALL_COMPONENT_LISTS]);
  if (definition.name !== undefined) languageMap(definition.name, `${path}.name`);
  if (definition.description !== undefined) languageMap(definition.description, `${path}.description`);
  if (definition.type !== undefined) iri(definition.type, `${path}.type`);
  if (definition.moreInfo !== undefined) iri(definition.moreInfo, `${path}.moreInfo`);
  if (definition.extensions !== undefined) extensions(definition.extensions, `${path}.extensions`);
  const interaction = definition.interactionType;
  if (interaction !== undefined && !(INTERACTION_TYPES as readonly string[]).includes(interaction as string)) {
    fail(`${path}.interactionType`, `must be one of ${INTERACTION_TYPES.join(', ')}`);
  }
  if (definition.correctResponsesPattern !== undefined) {
    if (interaction === undefined) fail(`${path}.correctResponsesPattern`, 'needs an interactionType');
    if (!Array.isArray(definition.correctResponsesPattern)) fail(`${path}.correctResponsesPattern`, 'must be an array of strings');
    definition.correctResponsesPattern.forEach((p, i) => string(p, `${path}.correctResponsesPattern[${i}]`));
  }
  for (const list of ALL_COMPONENT_LISTS) {
    if (definition[list] === undefined) continue;
    if (interaction === undefined) fail(`${path}.${list}`, 'needs an interactionType');
    if (!(COMPONENT_LISTS[interaction as string] ?? []).includes(list)) fail(`${path}.${list}`, `is not allowed for the "${String(interaction)}" interaction type`);
    const components = definition[list];
    if (!Array.isArray(components)) fail(`${path}.${list}`, 'must be an array of interaction components');
    const ids = new Set<string>();
    components.forEach((c, i) => {
      const component = object(c, `${path}.${list}[${i}]`);
      allowOnly(component, `${path}.${list}[${i}]`, ['id', 'description']);
      if (component.id === undefined) fail(`${path}.${list}[${i}].id`, 'is required');
      const id = string(component.id, `${path}.${list}[${i}].id`);
      if (ids.has(id)) fail(`${path}.${list}`, `interaction component id "${id}" is repeated`);
      ids.add(id);
      if (component.description !== undefined) languageMap(component.description, `${path}.${list}[${i}].description`);
    });
  }
}

function validateStatementRef(ref: Obj, path: string): void {
  allowOnly(ref, path, ['objectType', 'id']);
  if (ref.id === undefined) fail(`${path}.id`, 'is required');
  uuid(ref.id, `${path}.id`);
}

function validateObject(value: Json, path: string, inSubStatement: boolean): void {
  const target = object(value, path);
  const type = target.objectType ?? 'Activity';
  switch (type) {
    case 'Activity':
      return validateActivity(target, path);
    case 'Agent':
    case 'Group':
      return validateActor(target, path);
    case 'StatementRef':
      return validateStatementRef(target, path);
    case 'SubStatement':
      if (inSubStatement) fail(path, 'a SubStatement must not contain a SubStatement');
      return validateSubStatement(target, path);
    default:
      fail(`${path}.objectType`, 'must be Activity, Agent, Group, StatementRef or SubStatement');
  }
}

function validateResult(value: Json, path: string): void {
  const result = object(value, path);
  allowOnly(result, path, ['score', 'success', 'completion', 'response', 'duration', 'extensions']);
  if (result.score !== undefined) {
    const score = object(result.score, `${path}.score`);
    allowOnly(score, `${path}.score`, ['scaled', 'raw', 'min', 'max']);
    if (score.scaled !== undefined) {
      const scaled = number(score.scaled, `${path}.score.scaled`);
      if (scaled < -1 || scaled > 1) fail(`${path}.score.scaled`, 'must be between -1 and 1');
    }
    const min = score.min !== undefined ? number(score.min, `${path}.score.min`) : undefined;
    const max = score.max !== undefined ? number(score.max, `${path}.score.max`) : undefined;
    if (min !== undefined && max !== undefined && min > max) fail(`${path}.score.min`, 'must not be greater than max');
    if (score.raw !== undefined) {
      const raw = number(score.raw, `${path}.score.raw`);
      if (min !== undefined && raw < min) fail(`${path}.score.raw`, 'must not be less than min');
      if (max !== undefined && raw > max) fail(`${path}.score.raw`, 'must not be greater than max');
    }
  }
  if (result.success !== undefined) boolean(result.success, `${path}.success`);
  if (result.completion !== undefined) boolean(result.completion, `${path}.completion`);
  if (result.response !== undefined) string(result.response, `${path}.response`);
  if (result.duration !== undefined && !DURATION.test(string(result.duration, `${path}.duration`))) fail(`${path}.duration`, 'must be an ISO 8601 duration');
  if (result.extensions !== undefined) extensions(result.extensions, `${path}.extensions`);
}

function validateContext(value: Json, path: string, objectType: string): void {
  const context = object(value, path);
  allowOnly(context, path, ['registration', 'instructor', 'team', 'contextActivities', 'revision', 'platform', 'language', 'statement', 'extensions']);
  if (context.registration !== undefined) uuid(context.registration, `${path}.registration`);
  if (context.instructor !== undefined) validateActor(context.instructor, `${path}.instructor`);
  if (context.team !== undefined) {
    const team = object(context.team, `${path}.team`);
    if (team.objectType !== 'Group') fail(`${path}.team`, 'must be a Group');
    validateActor(team, `${path}.team`);
  }
  if (context.contextActivities !== undefined) {
    const activities = object(context.contextActivities, `${path}.contextActivities`);
    allowOnly(activities, `${path}.contextActivities`, ['parent', 'grouping', 'category', 'other']);
    for (const [key, list] of Object.entries(activities)) {
      const items = Array.isArray(list) ? list : [list];
      items.forEach((item, i) => {
        const activity = object(item, `${path}.contextActivities.${key}[${i}]`);
        if (activity.objectType !== undefined && activity.objectType !== 'Activity') fail(`${path}.contextActivities.${key}[${i}]`, 'must be an Activity');
        validateActivity(activity, `${path}.contextActivities.${key}[${i}]`);
      });
    }
  }
  const notActivity = objectType !== 'Activity';
  if (context.revision !== undefined) {
    string(context.revision, `${path}.revision`);
    if (notActivity) fail(`${path}.revision`, 'must only be used when the object is an Activity');
  }
  if (context.platform !== undefined) {
    string(context.platform, `${path}.platform`);
    if (notActivity) fail(`${path}.platform`, 'must only be used when the object is an Activity');
  }
  if (context.language !== undefined && !LANGUAGE_TAG.test(string(context.language, `${path}.language`))) fail(`${path}.language`, 'must be an RFC 5646 language tag');
  if (context.statement !== undefined) {
    const ref = object(context.statement, `${path}.statement`);
    if (ref.objectType !== 'StatementRef') fail(`${path}.statement`, 'must be a StatementRef');
    validateStatementRef(ref, `${path}.statement`);
  }
  if (context.extensions !== undefined) extensions(context.extensions, `${path}.extensions`);
}

function validateAttachments(value: Json, path: string): void {
  if (!Array.isArray(value)) fail(path, 'must be an array');
  value.forEach((item, i) => {
    const p = `${path}[${i}]`;
    const attachment = object(item, p);
    allowOnly(attachment, p, ['usageType', 'display', 'description', 'contentType', 'length', 'sha2', 'fileUrl']);
    for (const key of ['usageType', 'display', 'contentType', 'length', 'sha2']) if (attachment[key] === undefined) fail(`${p}.${key}`, 'is required');
    iri(attachment.usageType, `${p}.usageType`);
    languageMap(attachment.display, `${p}.display`);
    if (attachment.description !== undefined) languageMap(attachment.description, `${p}.description`);
    if (!MEDIA_TYPE.test(string(attachment.contentType, `${p}.contentType`))) fail(`${p}.contentType`, 'must be an Internet media type');
    const length = number(attachment.length, `${p}.length`);
    if (!Number.isInteger(length) || length < 0) fail(`${p}.length`, 'must be a non-negative integer');
    if (!SHA2.test(string(attachment.sha2, `${p}.sha2`))) fail(`${p}.sha2`, 'must be a SHA-2 in hexadecimal');
    if (attachment.fileUrl !== undefined) iri(attachment.fileUrl, `${p}.fileUrl`);
  });
}

function validateSubStatement(sub: Obj, path: string): void {
  allowOnly(sub, path, ['objectType', 'actor', 'verb', 'object', 'result', 'context', 'timestamp', 'attachments']);
  validateCore(sub, path, true);
}

function validateCore(statement: Obj, path: string, inSubStatement: boolean): void {
  for (const key of ['actor', 'verb', 'object']) if (statement[key] === undefined) fail(`${path}.${key}`, 'is required');
  validateActor(statement.actor, `${path}.actor`);
  validateVerb(statement.verb, `${path}.verb`);
  validateObject(statement.object, `${path}.object`, inSubStatement);
  if (statement.result !== undefined) validateResult(statement.result, `${path}.result`);
  const objectType = String((statement.object as Obj).objectType ?? 'Activity');
  if (statement.context !== undefined) validateContext(statement.context, `${path}.context`, objectType);
  if (statement.timestamp !== undefined) timestamp(statement.timestamp, `${path}.timestamp`);
  if (statement.attachments !== undefined) validateAttachments(statement.attachments, `${path}.attachments`);
}

function actorKeyCount(actor: Obj): number {
  return ['mbox', 'mbox_sha1sum', 'openid', 'account'].filter((key) => actor[key] !== undefined).length;
}

export const VOIDED_VERB = 'http://adlnet.gov/expapi/verbs/voided';

/** Refuses a statement that breaks the format with XapiBadRequest naming the property and the rule. */
export function validateStatement(value: Json, path = 'statement'): void {
  const statement = object(value, path);
  allowOnly(statement, path, ['id', 'actor', 'verb', 'object', 'result', 'context', 'timestamp', 'stored', 'authority', 'version', 'attachments', 'objectType']);
  if (statement.objectType !== undefined) fail(`${path}.objectType`, 'is not a property of a statement');
  if (statement.id !== undefined) uuid(statement.id, `${path}.id`);
  validateCore(statement, path, false);
  if (statement.stored !== undefined) timestamp(statement.stored, `${path}.stored`);
  if (statement.version !== undefined && !VERSION.test(string(statement.version, `${path}.version`))) fail(`${path}.version`, 'must be a 1.0.x version');
  if (statement.authority !== undefined) {
    validateActor(statement.authority, `${path}.authority`);
    const authority = statement.authority as Obj;
    // A Group authority is the OAuth pair (an application and a user): anonymous, exactly two Agents.
    if (authority.objectType === 'Group' && (!Array.isArray(authority.member) || authority.member.length !== 2 || actorKeyCount(authority) > 0)) {
      fail(`${path}.authority`, 'a Group authority must be anonymous and have exactly two Agents');
    }
  }
  const verb = statement.verb as Obj;
  if (verb.id === VOIDED_VERB) {
    const target = statement.object as Obj;
    if (target.objectType !== 'StatementRef') fail(`${path}.object`, 'a voiding statement must target a StatementRef');
  }
}
