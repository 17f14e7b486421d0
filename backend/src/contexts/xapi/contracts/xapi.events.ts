/*
 * The learning record store's events (docs/event-catalogue.md, docs/adr/0014-xapi-learning-record-store.md).
 * No statement and no document in any event (they may hold personal data): each is proven by the
 * sha256 of its canonical form (JSON with keys sorted at every level, UTF-8), kept with it in the
 * xapi schema, so the log shows that it was stored, when, by which credential or session, unaltered.
 */
/**
 * The canonical form whose sha256 (hex, of its UTF-8) XapiStatementStored carries: the stored
 * statement as JSON with its object keys sorted at every level, no white space.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export const STATEMENT_STREAM = 'xapi.statement';
export const DOCUMENT_STREAM = 'xapi.document';
export const CREDENTIAL_STREAM = 'xapi.credential';

export interface XapiStatementStored {
  type: 'XapiStatementStored';
  /** voids: the statement it voids (a voiding statement), or null. */
  payload: { statementId: string; sha256: string; voids: string | null; credentialId: number | null; studentId: number | null };
}
export interface XapiDocumentStored {
  type: 'XapiDocumentStored';
  /** key: sha256 of the document's address (kind, activity, agent, registration, id); sha256: of its content. */
  payload: { kind: string; key: string; sha256: string; length: number };
}
export interface XapiDocumentsDeleted {
  type: 'XapiDocumentsDeleted';
  payload: { kind: string; key: string; count: number };
}
export interface XapiCredentialIssued {
  type: 'XapiCredentialIssued';
  payload: { credentialId: number; key: string; scopes: string[] };
}
export interface XapiCredentialRevoked {
  type: 'XapiCredentialRevoked';
  payload: { credentialId: number; key: string };
}
export type XapiCredentialEvent = XapiCredentialIssued | XapiCredentialRevoked;
