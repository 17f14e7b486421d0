import { Injectable } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ApiProperty } from '@nestjs/swagger';
import { Database } from '../../../../platform/database/database.js';
import { TooManyRequestsError, parisCalendarDate } from '../../../../shared-kernel/index.js';
import { isVerificationCode } from '../../domain/issued-document.code.js';
import type { DocumentFacts } from '../../domain/issued-document.facts.js';

/** At most this many lookups per address over the window (docs/adr/0040): a person checking a few certificates never meets it. */
export const PUBLIC_LOOKUPS_PER_ADDRESS = 30;
export const PUBLIC_LOOKUP_WINDOW_SECONDS = 10 * 60;
export const TOO_MANY_LOOKUPS = 'Trop de vérifications depuis cette adresse. Réessayez dans quelques minutes.';

export const DOCUMENT_KIND_LABELS = { certificat_realisation: 'Certificat de réalisation', attestation_fin_formation: 'Attestation de fin de formation' } as const;

export class PublicDocumentFacts {
  @ApiProperty({ enum: Object.keys(DOCUMENT_KIND_LABELS) }) kind!: string;
  @ApiProperty({ description: 'Certificat de réalisation, attestation de fin de formation' }) kind_label!: string;
  @ApiProperty() version!: number;
  @ApiProperty({ description: 'Les initiales de l’apprenant seulement (« J. D. »)' }) learner_initials!: string;
  @ApiProperty() course_title!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Premier jour de la formation (AAAA-MM-JJ)' }) training_start!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Dernier jour de la formation (AAAA-MM-JJ)' }) training_end!: string | null;
  @ApiProperty({ description: 'Jour d’émission (Europe/Paris, AAAA-MM-JJ)' }) issued_on!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Jour où une version corrigée l’a remplacé (Europe/Paris)' }) replaced_on!: string | null;
  @ApiProperty({ type: Number, nullable: true }) replaced_by_version!: number | null;
}

/** The answer of the public lookup: the same shape for an unknown and a malformed code. */
export class PublicDocumentStatus {
  @ApiProperty({ enum: ['valide', 'remplace', 'inconnu'] }) status!: 'valide' | 'remplace' | 'inconnu';
  @ApiProperty({ type: PublicDocumentFacts, nullable: true }) document!: PublicDocumentFacts | null;
}

/** « ABCD-EFGH-JKMN », « abcd efgh jkmn » → « ABCDEFGHJKMN » (what the QR code and the printed code give). */
export function normalizedCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** « Jean-Pierre », « de la Fontaine » → « J.-P. F. »: the first letter of each part of the first name, then of the last name's last word. */
export function initialsOf(firstName: string, lastName: string): string {
  const first = firstName.trim().split(/\s+/).filter(Boolean).map((word) => word.split('-').filter(Boolean).map((part) => `${[...part][0]!.toLocaleUpperCase('fr-FR')}.`).join('-')).join(' ');
  const lastWord = lastName.trim().split(/\s+/).filter(Boolean).pop() ?? '';
  const last = lastWord ? `${[...lastWord][0]!.toLocaleUpperCase('fr-FR')}.` : '';
  return [first, last].filter(Boolean).join(' ');
}


/** Counts an address's lookups in PostgreSQL (all nodes see the same count), and refuses over the limit. */
@Injectable()
export class PublicLookupThrottle {
  constructor(private readonly db: Database) {}

  async take(address: string): Promise<void> {
    // Counted first, then compared: a burst in parallel sees itself.
    await this.db.query(`delete from evidence.public_lookup where looked_up_at < now() - make_interval(secs => $1)`, [PUBLIC_LOOKUP_WINDOW_SECONDS * 2]);
    await this.db.query(`insert into evidence.public_lookup (address) values ($1)`, [address]);
    const row = await this.db.one<{ n: number }>(
      `select count(*)::int as n from evidence.public_lookup where address = $1 and looked_up_at > now() - make_interval(secs => $2)`,
      [address, PUBLIC_LOOKUP_WINDOW_SECONDS],
    );
    if ((row?.n ?? 0) > PUBLIC_LOOKUPS_PER_ADDRESS) throw new TooManyRequestsError(TOO_MANY_LOOKUPS);
  }
}

/**
 * A certificate's status by its verification code, for anyone (docs/adr/0040): valid, replaced
 * (with the day), or unknown; the learner's initials, the course, the kind and the dates as the
 * document states them (its frozen facts); never the name, e-mail or hours. Throttled per address.
 */
export class GetPublicDocumentStatus extends Query<PublicDocumentStatus> {
  constructor(
    readonly code: string,
    readonly address: string,
  ) {
    super();
  }
}

@QueryHandler(GetPublicDocumentStatus)
export class GetPublicDocumentStatusHandler implements IQueryHandler<GetPublicDocumentStatus> {
  constructor(
    private readonly db: Database,
    private readonly throttle: PublicLookupThrottle,
  ) {}

  async execute({ code, address }: GetPublicDocumentStatus): Promise<PublicDocumentStatus> {
    await this.throttle.take(address);
    const normal = normalizedCode(code.slice(0, 64));
    if (!isVerificationCode(normal)) return { status: 'inconnu', document: null };
    const row = await this.db.one<{ kind: keyof typeof DOCUMENT_KIND_LABELS; document_version: number; status: 'emis' | 'remplace'; facts: DocumentFacts; issued_at: Date; replaced_at: Date | null; replaced_by_version: number | null }>(
      `select kind, document_version, status, facts, issued_at, replaced_at, replaced_by_version from evidence.issued_document where verification_code = $1`,
      [normal],
    );
    if (!row) return { status: 'inconnu', document: null };
    const { facts } = row;
    return {
      status: row.status === 'emis' ? 'valide' : 'remplace',
      document: {
        kind: row.kind, kind_label: DOCUMENT_KIND_LABELS[row.kind], version: row.document_version,
        learner_initials: initialsOf(facts.learner.prenom, facts.learner.nom),
        course_title: facts.course.title,
        training_start: facts.dates.debut, training_end: facts.dates.fin,
        issued_on: parisCalendarDate(new Date(row.issued_at)),
        replaced_on: row.replaced_at ? parisCalendarDate(new Date(row.replaced_at)) : null,
        replaced_by_version: row.replaced_by_version,
      },
    };
  }
}
