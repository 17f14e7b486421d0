/**
 * The answers of the credentials calls, generated from the server's OpenAPI document
 * (docs/adr/0008-generated-api-types.md), under the names the screen uses.
 */
export type { CredentialView as XapiCredential, IssuedCredentialView as IssuedXapiCredential, IssueCredentialRequest as XapiCredentialRequest } from '../../lib/api-schema';

/** The scopes an access may have (docs/xapi.md), in the order the form shows them. */
export const XAPI_SCOPES = ['statements/write', 'statements/read/mine', 'statements/read', 'state', 'profile', 'all'] as const;
export type XapiScope = (typeof XAPI_SCOPES)[number];
