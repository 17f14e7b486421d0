import { actorKey } from './agents.js';
import { isIri, isTimestamp, isUuid, validateActor } from './statement-validation.js';
import { XapiBadRequest } from './xapi.errors.js';
import { FORBIDDEN, hasScope, XapiHome, type XapiPrincipal } from './principal.js';

export type DocumentKind = 'state' | 'activity-profile' | 'agent-profile';

/** Where a document lives: its resource, the activity and agent it is about, the registration, its id. */
export interface DocumentAddress {
  kind: DocumentKind;
  activityId: string;
  agentKey: string;
  registration: string;
  /** Empty: every document of the activity / agent (a GET of the ids, a DELETE of the states). */
  documentId: string;
  since?: string;
}

const PARAMETERS: Record<DocumentKind, { id: string; allowed: string[] }> = {
  state: { id: 'stateId', allowed: ['activityId', 'agent', 'registration', 'stateId', 'since'] },
  'activity-profile': { id: 'profileId', allowed: ['activityId', 'profileId', 'since'] },
  'agent-profile': { id: 'profileId', allowed: ['agent', 'profileId', 'since'] },
};

function required(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw new XapiBadRequest(`${name}: is required`);
  return value;
}

/** Reads and checks a document resource's parameters; `needsId` for PUT and POST (and profile DELETE). */
export function documentAddress(kind: DocumentKind, params: Record<string, string>, needsId: boolean, multiple: 'get' | 'delete' | null): DocumentAddress {
  const spec = PARAMETERS[kind];
  for (const key of Object.keys(params)) if (!spec.allowed.includes(key)) throw new XapiBadRequest(`${key}: not a parameter of this resource`);
  const address: DocumentAddress = { kind, activityId: '', agentKey: '', registration: '', documentId: params[spec.id] ?? '' };
  if (kind !== 'agent-profile') {
    address.activityId = required(params, 'activityId');
    if (!isIri(address.activityId)) throw new XapiBadRequest('activityId: must be an IRI');
  }
  if (kind !== 'activity-profile') {
    const text = required(params, 'agent');
    let agent: unknown;
    try {
      agent = JSON.parse(text);
    } catch {
      throw new XapiBadRequest('agent: must be an Agent in JSON');
    }
    validateActor(agent, 'agent');
    const key = actorKey(agent as Record<string, unknown>);
    if (!key) throw new XapiBadRequest('agent: must be identified');
    address.agentKey = key;
  }
  if (kind === 'state' && params.registration !== undefined) {
    if (!isUuid(params.registration)) throw new XapiBadRequest('registration: must be a UUID');
    address.registration = params.registration.toLowerCase();
  }
  if (needsId && !address.documentId) throw new XapiBadRequest(`${spec.id}: is required`);
  if (!address.documentId && multiple === null) throw new XapiBadRequest(`${spec.id}: is required`);
  if (params.since !== undefined) {
    if (address.documentId || multiple !== 'get') throw new XapiBadRequest('since: only when listing the documents');
    if (!isTimestamp(params.since)) throw new XapiBadRequest('since: must be an ISO 8601 timestamp');
    address.since = new Date(/(Z|[+-]\d{2}(:?\d{2})?)$/.test(params.since) ? params.since : `${params.since}Z`).toISOString();
  }
  if (kind === 'activity-profile' && !address.documentId && multiple === 'delete') throw new XapiBadRequest('profileId: is required');
  return address;
}

/** Who may read or write a document: a credential with the `state` / `profile` scope, a student their own, admins. */
export function checkDocumentAccess(principal: XapiPrincipal, address: DocumentAddress, write: boolean, home: XapiHome): void {
  switch (principal.kind) {
    case 'platform':
      return;
    case 'credential':
      if (!hasScope(principal, address.kind === 'state' ? 'state' : 'profile')) throw FORBIDDEN(`this credential may not use the ${address.kind} resource`);
      return;
    case 'session': {
      const { actor } = principal;
      if (actor.role === 'admin') return;
      if (actor.role === 'student') {
        if (address.kind === 'activity-profile' && !write) return;
        if (address.kind !== 'activity-profile' && address.agentKey === home.studentKey(actor.profileId)) return;
      }
      throw FORBIDDEN('a session reads and writes only its own documents');
    }
  }
}
