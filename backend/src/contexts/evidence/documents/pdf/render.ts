import type { DocumentFacts, DocumentImages, DocumentStatus } from '../../domain/issued-document.facts.js';
import { renderAttestation } from './attestation.js';
import { renderCertificate } from './certificate.js';

export { renderAttestation, renderCertificate };

/** The PDF of a document of either kind. */
export function renderDocument(facts: DocumentFacts, images: DocumentImages, status: DocumentStatus): Promise<Buffer> {
  return facts.kind === 'certificat_realisation' ? renderCertificate(facts, images, status) : renderAttestation(facts, images, status);
}
