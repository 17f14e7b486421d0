import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { DOCUMENT_KINDS, type DocumentKind } from '../../domain/issued-document.facts.js';
import { assertMayRead } from './document-access.js';

export class IssuedDocumentSummary {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: DOCUMENT_KINDS }) kind!: DocumentKind;
  @ApiProperty() version!: number;
  @ApiProperty({ enum: ['emis', 'remplace'] }) status!: 'emis' | 'remplace';
  @ApiProperty({ type: Number, nullable: true }) replaced_by_version!: number | null;
  @ApiProperty() verification_code!: string;
  @ApiProperty({ enum: ['temps_actif_mesure', 'durees_declarees'] }) hours_basis!: string;
  @ApiProperty() realised_minutes!: number;
  @ApiProperty() issued_at!: Date;
  @ApiProperty({ description: 'SHA-256 du PDF tel qu’il se télécharge (tel qu’émis, ou portant « remplacé »)' }) pdf_sha256!: string;
}

/** A learner's issued documents for a course, newest version first in each kind (admin, the learner, the course's trainer). */
export class ListIssuedDocuments extends Query<IssuedDocumentSummary[]> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

@QueryHandler(ListIssuedDocuments)
export class ListIssuedDocumentsHandler implements IQueryHandler<ListIssuedDocuments> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId, courseId }: ListIssuedDocuments): Promise<IssuedDocumentSummary[]> {
    await assertMayRead(this.queries, actor, studentId, courseId);
    return this.db.query<IssuedDocumentSummary>(
      `select id, kind, document_version as version, status, replaced_by_version, verification_code, hours_basis,
              (facts -> 'hours' ->> 'realised_minutes')::int as realised_minutes, issued_at,
              coalesce(replaced_pdf_sha256, pdf_sha256) as pdf_sha256
         from evidence.issued_document where student_id = $1 and course_id = $2
        order by kind, document_version desc`,
      [studentId, courseId],
    );
  }
}
