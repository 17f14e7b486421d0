/**
 * The centre's identity as GET /api/admin/centre/ answers it (the contract GetCentreIdentity,
 * docs/adr/0032), generated from the server's OpenAPI document (docs/adr/0008).
 */
export type {
  CentreIdentityResponse as CentreIdentity, CentreIdentityRequest as CentreIdentityChange,
  AccessibilityStatementResponse as AccessibilityStatement, AccessibilityStatementRequest as AccessibilityStatementChange,
} from '../../lib/api-schema';

export type CentreImageKind = 'logo' | 'signature';
export type CentreMissing = 'nom' | 'siret' | 'nda' | 'adresse' | 'signataire' | 'qualite_signataire' | 'lieu' | 'logo' | 'signature';
