import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { DOCUMENT_STREAM, type DocumentEvent } from '../contracts/documents.events.js';
import { canonicalJson, sha256Hex } from './canonical-json.js';
import { isVerificationCode } from './issued-document.code.js';
import { DOCUMENT_KINDS, type DocumentFacts, type DocumentImages, type DocumentKind, type DocumentStatus } from './issued-document.facts.js';
import { PARTIAL_REASONS, type HoursBasis } from './issued-document.hours.js';

export type IssuedDocumentStatus = DocumentStatus['status'];

/**
 * A document the centre issued to a learner for a course (docs/adr/0035): a certificat de
 * réalisation or an attestation de fin de formation, one version of it. Its facts are frozen at
 * issue (the hours' basis with them), its PDF as issued is kept with the images it drew, never
 * changed; a correction issues the next version and this one becomes `remplace`, keeping beside
 * it the rendering that says so. Nothing is ever deleted.
 */
@Entity({ tableName: 'issued_document', schema: 'evidence' })
export class IssuedDocument extends AggregateRoot<DocumentEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  kind: DocumentKind;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId: number;

  /** 1, 2, 3… per kind, learner and course (the aggregate's `version` counts its events). */
  @Property({ type: 'integer', fieldName: 'document_version' })
  documentVersion: number;

  @Property({ type: 'text' })
  status: IssuedDocumentStatus = 'emis';

  @Property({ type: 'text', fieldName: 'verification_code' })
  verificationCode: string;

  @Property({ type: 'text', fieldName: 'hours_basis' })
  hoursBasis: HoursBasis;

  @Property({ type: 'json' })
  facts: DocumentFacts;

  @Property({ type: 'text', fieldName: 'facts_sha256' })
  factsSha256: string;

  @Property({ type: 'blob', lazy: true })
  pdf: Buffer;

  @Property({ type: 'text', fieldName: 'pdf_sha256' })
  pdfSha256: string;

  @Property({ type: 'blob', fieldName: 'logo', nullable: true })
  logo: Buffer | null;

  @Property({ type: 'text', fieldName: 'logo_content_type', nullable: true })
  logoContentType: string | null;

  @Property({ type: 'blob', fieldName: 'signature', nullable: true })
  signature: Buffer | null;

  @Property({ type: 'text', fieldName: 'signature_content_type', nullable: true })
  signatureContentType: string | null;

  @Property({ type: 'datetime', fieldName: 'issued_at' })
  issuedAt: Date;

  @Property({ type: 'integer', fieldName: 'issued_by' })
  issuedBy: number;

  @Property({ type: 'integer', fieldName: 'replaces_id', nullable: true })
  replacesId: number | null;

  @Property({ type: 'integer', fieldName: 'replaced_by_version', nullable: true })
  replacedByVersion: number | null = null;

  @Property({ type: 'datetime', fieldName: 'replaced_at', nullable: true })
  replacedAt: Date | null = null;

  /** The PDF as it reads once replaced (« Remplacé par la version N »), null until then. */
  @Property({ type: 'blob', fieldName: 'replaced_pdf', nullable: true, lazy: true })
  replacedPdf: Buffer | null = null;

  @Property({ type: 'text', fieldName: 'replaced_pdf_sha256', nullable: true })
  replacedPdfSha256: string | null = null;

  @Property({ type: 'integer' })
  version = 0;

  /**
   * Issues a document from its frozen facts and its PDF (rendered from them by the caller). The
   * facts must name this document: its kind, version, code and issue time.
   */
  constructor(input: { facts: DocumentFacts; pdf: Buffer; images: DocumentImages; issuedBy: number; now: Date; replaces: IssuedDocument | null }) {
    super();
    const { facts, pdf, images, issuedBy, now, replaces } = input;
    if (!(DOCUMENT_KINDS as readonly string[]).includes(facts.kind)) throw new InvalidInputError(`Type de document inconnu : « ${facts.kind} ».`, 'kind');
    if (!isVerificationCode(facts.verification.code)) throw new InvalidInputError('Code de vérification invalide.', 'code');
    if (facts.partial_reason !== null && !(PARTIAL_REASONS as readonly string[]).includes(facts.partial_reason)) {
      throw new InvalidInputError('Motif inconnu : choisissez abandon, absence, interruption ou force majeure.', 'partial_reason');
    }
    if (facts.hours.partial && facts.partial_reason === null) {
      throw new InvalidInputError('La réalisation est partielle : indiquez son motif (abandon, absence, interruption ou force majeure).', 'partial_reason');
    }
    if (!facts.hours.partial && facts.partial_reason !== null) {
      throw new InvalidInputError('Un motif ne s’indique que pour une réalisation partielle.', 'partial_reason');
    }
    const expectedVersion = replaces ? replaces.documentVersion + 1 : 1;
    if (facts.version !== expectedVersion) throw new ConflictError(`Ce document serait la version ${expectedVersion}, pas la version ${facts.version}.`);
    if (replaces && (replaces.kind !== facts.kind || replaces.studentId !== facts.learner.student_id || replaces.courseId !== facts.course.course_id)) {
      throw new InvalidInputError('Une nouvelle version remplace un document du même type, du même apprenant et du même cours.');
    }
    if (facts.issued_at !== now.toISOString()) throw new InvalidInputError('La date d’émission des faits doit être celle du serveur.');
    this.kind = facts.kind;
    this.studentId = facts.learner.student_id;
    this.courseId = facts.course.course_id;
    this.documentVersion = facts.version;
    this.verificationCode = facts.verification.code;
    this.hoursBasis = facts.hours.basis;
    this.facts = facts;
    this.factsSha256 = IssuedDocument.factsHash(facts);
    this.pdf = pdf;
    this.pdfSha256 = sha256Hex(pdf);
    this.logo = images.logo?.bytes ?? null;
    this.logoContentType = images.logo?.content_type ?? null;
    this.signature = images.signature?.bytes ?? null;
    this.signatureContentType = images.signature?.content_type ?? null;
    this.issuedAt = now;
    this.issuedBy = issuedBy;
    this.replacesId = replaces?.id ?? null;
    this.record(() => ({
      type: 'DocumentIssued',
      payload: {
        documentId: this.id, kind: this.kind, studentId: this.studentId, courseId: this.courseId, version: this.documentVersion,
        replacesDocumentId: this.replacesId, hoursBasis: this.hoursBasis, method: facts.hours.method,
        realisedMinutes: facts.hours.realised_minutes, plannedMinutes: facts.hours.planned_minutes, completionPerMille: facts.hours.completion_per_mille,
        partialReason: facts.partial_reason, verificationCode: this.verificationCode, factsSha256: this.factsSha256, pdfSha256: this.pdfSha256, issuedBy,
      },
    }));
  }

  /** The SHA-256 the event carries: of the facts' canonical JSON (keys sorted, UTF-8). */
  static factsHash(facts: DocumentFacts): string {
    return sha256Hex(canonicalJson(facts));
  }

  stream(): StreamRef {
    return { type: DOCUMENT_STREAM, id: this.id };
  }

  get images(): DocumentImages {
    return {
      logo: this.logo && this.logoContentType ? { bytes: this.logo, content_type: this.logoContentType } : null,
      signature: this.signature && this.signatureContentType ? { bytes: this.signature, content_type: this.signatureContentType } : null,
    };
  }

  get currentStatus(): DocumentStatus {
    return { status: this.status, replaced_by_version: this.replacedByVersion };
  }

  /** The PDF a reader downloads: as issued, or once replaced the rendering that says so. */
  get currentPdf(): Buffer {
    return this.replacedPdf ?? this.pdf;
  }

  /** A reader downloaded this version (who may, the handler decided): evidence of its own (issue 26 item 8). */
  downloaded(by: { role: 'student' | 'teacher' | 'admin' | 'auditor'; profileId: number }): void {
    this.record({
      type: 'DocumentDownloaded',
      payload: { documentId: this.id, kind: this.kind, version: this.documentVersion, byRole: by.role, byProfileId: by.profileId, pdfSha256: this.replacedPdfSha256 ?? this.pdfSha256 },
    });
  }

  /** This version is replaced by `next` (same transaction); `replacedPdf` is this one's rendering with the banner. */
  replaceBy(next: IssuedDocument, replacedPdf: Buffer, now: Date): void {
    if (this.status === 'remplace') throw new ConflictError(`La version ${this.documentVersion} de ce document est déjà remplacée.`);
    if (next.replacesId !== this.id || next.documentVersion !== this.documentVersion + 1) throw new ConflictError('Seule la version suivante remplace ce document.');
    this.status = 'remplace';
    this.replacedByVersion = next.documentVersion;
    this.replacedAt = now;
    this.replacedPdf = replacedPdf;
    this.replacedPdfSha256 = sha256Hex(replacedPdf);
    this.record(() => ({
      type: 'DocumentReplaced',
      payload: {
        documentId: this.id, kind: this.kind, studentId: this.studentId, courseId: this.courseId, version: this.documentVersion,
        replacedByDocumentId: next.id, replacedByVersion: next.documentVersion, pdfSha256: this.replacedPdfSha256!,
      },
    }));
  }
}
