import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, ConflictError, ForbiddenError, InvalidInputError, type Actor, parisCalendarDate } from '../../../../shared-kernel/index.js';
import { renderDocument } from '../../documents/pdf/render.js';
import { canonicalJson } from '../../domain/canonical-json.js';
import { newVerificationCode, verificationUrl } from '../../domain/issued-document.code.js';
import { IssuedDocument } from '../../domain/issued-document.aggregate.js';
import { DOCUMENT_KINDS, type DocumentFacts, type DocumentImages, type DocumentKind } from '../../domain/issued-document.facts.js';

/** The base of the public verification address (`${base}/verification/<code>`), provided by the evidence module. */
export const DOCUMENTS_PUBLIC_URL = Symbol('DOCUMENTS_PUBLIC_URL');

/** The facts the assembler gives; the document's own (kind, version, code, issue time and day) are added here. */
export type AssembledFacts = Omit<DocumentFacts, 'kind' | 'version' | 'verification' | 'issued_at' | 'fait_le'>;

export interface IssuedDocumentView {
  documentId: number;
  kind: DocumentKind;
  version: number;
  verificationCode: string;
  pdfSha256: string;
  /** The version it replaced, if any. */
  replacedVersion: number | null;
  /** True when the current version already states these facts: nothing was issued (a retry, a double click). */
  unchanged: boolean;
}

/** The facts as assembled, without what the issue adds: what two issues are compared on. */
function assembledPart(facts: DocumentFacts | (AssembledFacts & { kind: DocumentKind })): string {
  const { version: _v, verification: _c, issued_at: _i, fait_le: _f, ...rest } = facts as DocumentFacts;
  return canonicalJson(JSON.parse(JSON.stringify(rest)));
}

/**
 * An admin issues a learner's certificate or attestation for a course (docs/adr/0035): the first
 * version, or the next one, the current becoming `remplace` in the same transaction. The facts are
 * frozen as given (assembled by the caller from the contracts), with the server's clock and a fresh
 * verification code; the PDF is rendered from them and kept.
 */
export class IssueDocument extends Command<IssuedDocumentView> {
  constructor(
    readonly actor: Actor,
    readonly kind: DocumentKind,
    readonly facts: AssembledFacts,
    readonly images: DocumentImages,
  ) {
    super();
  }
}


@CommandHandler(IssueDocument)
export class IssueDocumentHandler implements ICommandHandler<IssueDocument> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
    @Inject(DOCUMENTS_PUBLIC_URL) private readonly publicUrl: string,
  ) {}

  async execute({ actor, kind, facts, images }: IssueDocument): Promise<IssuedDocumentView> {
    if (actor.role !== 'admin') throw new ForbiddenError('Seul un administrateur émet les certificats et attestations.');
    if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) throw new InvalidInputError(`Type de document inconnu : « ${kind} ».`, 'kind');
    const lineage = { kind, studentId: facts.learner.student_id, courseId: facts.course.course_id };
    return this.store.transaction<IssuedDocumentView>(
      async (uow) => {
        const current = await uow.find(IssuedDocument, { ...lineage, status: 'emis' });
        // Idempotent on the facts (docs/adr/0035): the current version stating exactly these facts
        // is the answer, not a spurious next version (a retry, a double click, a second admin).
        if (current && assembledPart(current.facts) === assembledPart({ ...facts, kind })) {
          return () => ({
            documentId: current.id, kind, version: current.documentVersion, verificationCode: current.verificationCode, pdfSha256: current.pdfSha256,
            replacedVersion: null, unchanged: true,
          });
        }
        const now = this.clock.now();
        const code = newVerificationCode();
        const frozen: DocumentFacts = {
          ...facts,
          kind,
          version: (current?.documentVersion ?? 0) + 1,
          verification: { code, url: verificationUrl(this.publicUrl, code) },
          issued_at: now.toISOString(),
          fait_le: parisCalendarDate(now),
        };
        // In JSON's own form (no undefined, no class instances): what the row will read back.
        const asStored = JSON.parse(JSON.stringify(frozen)) as DocumentFacts;
        const pdf = await renderDocument(asStored, images, { status: 'emis', replaced_by_version: null });
        const document = uow.add(new IssuedDocument({ facts: asStored, pdf, images, issuedBy: actor.profileId, now, replaces: current }));
        if (current) {
          const replacedPdf = await renderDocument(current.facts, current.images, { status: 'remplace', replaced_by_version: document.documentVersion });
          current.replaceBy(document, replacedPdf, now);
        }
        return () => ({
          documentId: document.id,
          kind,
          version: document.documentVersion,
          verificationCode: document.verificationCode,
          pdfSha256: document.pdfSha256,
          replacedVersion: current?.documentVersion ?? null,
          unchanged: false,
        });
      },
      {
        actor,
        serialize: [`evidence.document:${kind}:${lineage.studentId}:${lineage.courseId}`],
        uniqueViolation: (message) =>
          message.includes('issued_document_one_current') || message.includes('issued_document_version_unique')
            ? new ConflictError('Un autre document vient d’être émis pour cet apprenant et ce cours : rechargez la page.')
            : undefined,
      },
    );
  }
}
