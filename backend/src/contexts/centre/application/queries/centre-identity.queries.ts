import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { MediaStorage } from '../../../../platform/storage/media-storage.js';
import { GetCentreIdentity, GetCentreImage, type CentreHoursBasis, type CentreIdentityView, type CentreMissing } from '../../contracts/centre.queries.js';

interface IdentityRow {
  nom: string | null;
  siret: string | null;
  nda: string | null;
  rue: string | null;
  code_postal: string | null;
  ville: string | null;
  signataire_nom: string | null;
  signataire_qualite: string | null;
  lieu: string | null;
  logo_path: string | null;
  logo_sha256: string | null;
  logo_content_type: string | null;
  signature_path: string | null;
  signature_sha256: string | null;
  signature_content_type: string | null;
  base_heures: CentreHoursBasis;
}

const EMPTY: IdentityRow = {
  nom: null, siret: null, nda: null, rue: null, code_postal: null, ville: null, signataire_nom: null, signataire_qualite: null, lieu: null,
  logo_path: null, logo_sha256: null, logo_content_type: null, signature_path: null, signature_sha256: null, signature_content_type: null,
  base_heures: 'temps_actif_mesure',
};

/** What a document cannot print yet, from a row (the aggregate's rule, read side). */
export function missingOf(row: IdentityRow): CentreMissing[] {
  const missing: CentreMissing[] = [];
  if (!row.nom) missing.push('nom');
  if (!row.siret) missing.push('siret');
  if (!row.nda) missing.push('nda');
  if (!row.rue || !row.code_postal || !row.ville) missing.push('adresse');
  if (!row.signataire_nom) missing.push('signataire');
  if (!row.signataire_qualite) missing.push('qualite_signataire');
  if (!row.lieu) missing.push('lieu');
  if (!row.logo_path) missing.push('logo');
  if (!row.signature_path) missing.push('signature');
  return missing;
}

@QueryHandler(GetCentreIdentity)
export class GetCentreIdentityHandler implements IQueryHandler<GetCentreIdentity> {
  constructor(private readonly db: Database) {}

  async execute(): Promise<CentreIdentityView> {
    const row = (await this.db.one<IdentityRow>('select * from centre.centre_identity where id = 1')) ?? EMPTY;
    return {
      nom: row.nom,
      siret: row.siret,
      nda: row.nda,
      adresse: { rue: row.rue, code_postal: row.code_postal, ville: row.ville },
      signataire: { nom: row.signataire_nom, qualite: row.signataire_qualite },
      lieu: row.lieu,
      logo: row.logo_path && row.logo_sha256 ? { sha256: row.logo_sha256, content_type: row.logo_content_type ?? 'image/png' } : null,
      signature: row.signature_path && row.signature_sha256 ? { sha256: row.signature_sha256, content_type: row.signature_content_type ?? 'image/png' } : null,
      missing: missingOf(row),
      base_heures: row.base_heures,
    };
  }
}

@QueryHandler(GetCentreImage)
export class GetCentreImageHandler implements IQueryHandler<GetCentreImage> {
  constructor(
    private readonly db: Database,
    private readonly storage: MediaStorage,
  ) {}

  async execute({ kind }: GetCentreImage): Promise<{ bytes: Buffer; content_type: string } | null> {
    const column = kind === 'logo' ? 'logo' : 'signature';
    const row = await this.db.one<{ path: string | null; content_type: string | null }>(
      `select ${column}_path as path, ${column}_content_type as content_type from centre.centre_identity where id = 1`,
    );
    if (!row?.path) return null;
    const bytes = await this.storage.readAll(row.path).catch(() => null);
    return bytes ? { bytes, content_type: row.content_type ?? 'image/png' } : null;
  }
}
