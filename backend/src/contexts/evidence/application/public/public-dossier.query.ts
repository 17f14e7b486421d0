import { parisCalendarDate } from '../../../../shared-kernel/index.js';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ApiProperty } from '@nestjs/swagger';
import { Database } from '../../../../platform/database/database.js';
import { PublicLookupThrottle } from './public-document.query.js';

export class PublicDossierFacts {
  @ApiProperty({ enum: ['apprenant', 'lot'], description: 'Le dossier d’un apprenant, ou un lot de dossiers' }) scope!: 'apprenant' | 'lot';
  @ApiProperty({ description: 'Jour de la génération (Europe/Paris, AAAA-MM-JJ)' }) generated_on!: string;
}

/** The answer of the public lookup of a dossier's manifest: the same shape for an unknown and a malformed hash. */
export class PublicDossierStatus {
  @ApiProperty({ enum: ['connu', 'inconnu'] }) status!: 'connu' | 'inconnu';
  @ApiProperty({ type: PublicDossierFacts, nullable: true }) dossier!: PublicDossierFacts | null;
}


/**
 * Whether the centre generated a dossier whose `manifest.json` has this SHA-256 (docs/adr/0040): what
 * ties a dropped dossier to the centre's records, since files can be altered together with their
 * manifest. Answers only the scope and the day; the hash is computed in the browser from the manifest,
 * nothing of the dossier is sent. Throttled per address like the certificates' lookup.
 */
export class GetPublicDossierStatus extends Query<PublicDossierStatus> {
  constructor(
    readonly manifestSha256: string,
    readonly address: string,
  ) {
    super();
  }
}

@QueryHandler(GetPublicDossierStatus)
export class GetPublicDossierStatusHandler implements IQueryHandler<GetPublicDossierStatus> {
  constructor(
    private readonly db: Database,
    private readonly throttle: PublicLookupThrottle,
  ) {}

  async execute({ manifestSha256, address }: GetPublicDossierStatus): Promise<PublicDossierStatus> {
    await this.throttle.take(address);
    const hash = manifestSha256.slice(0, 128).toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(hash)) return { status: 'inconnu', dossier: null };
    const row = await this.db.one<{ scope: 'apprenant' | 'lot'; generated_at: Date }>(
      'select scope, generated_at from evidence.generated_dossier where manifest_sha256 = $1 order by generated_at limit 1',
      [hash],
    );
    if (!row) return { status: 'inconnu', dossier: null };
    return { status: 'connu', dossier: { scope: row.scope, generated_on: parisCalendarDate(new Date(row.generated_at)) } };
  }
}
