import { createHash } from 'node:crypto';

export { canonicalJson } from '../contracts/xapi.events.js';

type Obj = Record<string, unknown>;

/**
 * The key of an Agent or identified Group by its inverse functional identifier (Data 2.4.2.3):
 * two actors are the same when their keys are equal. An anonymous Group has none (null).
 */
export function actorKey(actor: Obj): string | null {
  if (typeof actor.mbox === 'string') return `mbox:${actor.mbox.toLowerCase()}`;
  if (typeof actor.mbox_sha1sum === 'string') return `sha1:${actor.mbox_sha1sum.toLowerCase()}`;
  if (typeof actor.openid === 'string') return `openid:${actor.openid}`;
  const account = actor.account as Obj | undefined;
  if (account && typeof account.homePage === 'string' && typeof account.name === 'string') return `account:${account.homePage}|${account.name}`;
  return null;
}

/** The keys of an actor and, for a Group, of its members: who a statement is about. */
export function actorKeys(actor: Obj): string[] {
  const keys: string[] = [];
  const own = actorKey(actor);
  if (own) keys.push(own);
  if (Array.isArray(actor.member)) for (const member of actor.member as Obj[]) keys.push(...actorKeys(member));
  return keys;
}

/** The identifying part of an agent (objectType and its one IFI): what `format=ids` keeps. */
export function agentIds(actor: Obj): Obj {
  const ids: Obj = {};
  if (actor.objectType !== undefined) ids.objectType = actor.objectType;
  for (const key of ['mbox', 'mbox_sha1sum', 'openid', 'account']) if (actor[key] !== undefined) ids[key] = actor[key];
  if (actor.objectType === 'Group' && !actorKey(actor) && Array.isArray(actor.member)) ids.member = (actor.member as Obj[]).map(agentIds);
  return ids;
}

export function sha256Hex(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}
