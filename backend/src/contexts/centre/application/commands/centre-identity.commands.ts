import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import PDFDocument from 'pdfkit';
import { AggregateStore, type UnitOfWork } from '../../../../platform/aggregate-store/index.js';
import { detectImageType } from '../../../../platform/storage/media-storage.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { CentreImageKind } from '../../contracts/centre.queries.js';
import { InvalidCentreImageError } from '../../domain/centre.errors.js';
import { CentreIdentity, sha256Hex, type CentreChanges } from '../../domain/centre-identity.aggregate.js';

/** The most bytes of a logo or a signature/stamp image. */
export const CENTRE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_LABEL: Record<CentreImageKind, string> = { logo: 'Le logo', signature: 'L’image de la signature ou du cachet' };

/**
 * Whether the image draws into a PDF as the documents will draw it (pdfkit): a PNG or JPEG cut short
 * passes the first bytes' check but would make every certificate fail at its issue.
 */
export function drawsIntoDocuments(bytes: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const doc = new PDFDocument({ autoFirstPage: false });
      doc.on('error', () => resolve(false));
      doc.on('data', () => undefined);
      doc.on('end', () => resolve(true));
      doc.addPage({ size: [100, 100] });
      doc.image(bytes, 0, 0, { width: 10 });
      doc.end();
    } catch {
      resolve(false);
    }
  });
}

/** The one row, started empty at the first change (a race of two first changes runs again and finds it). */
async function identityOf(uow: UnitOfWork): Promise<CentreIdentity> {
  return (await uow.find(CentreIdentity, { id: CentreIdentity.ID })) ?? uow.add(new CentreIdentity());
}

/** An admin sets texts of the centre's identity (PUT /api/admin/centre/). */
export class UpdateCentreIdentity extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly changes: CentreChanges,
  ) {
    super();
  }
}

@CommandHandler(UpdateCentreIdentity)
export class UpdateCentreIdentityHandler implements ICommandHandler<UpdateCentreIdentity> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, changes }: UpdateCentreIdentity): Promise<void> {
    await this.store.transaction(async (uow) => (await identityOf(uow)).change(changes), { actor, serialize: ['centre.identity'] });
  }
}

/**
 * An admin sets the logo or the signature/stamp image: PNG or JPEG by content (never by name or
 * declared type; SVG, GIF, WEBP and anything else refused), 2 MB at most. The same image again
 * changes nothing; the one replaced is removed once the change is committed.
 */
export class SetCentreImage extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly kind: CentreImageKind,
    readonly bytes: Buffer,
  ) {
    super();
  }
}

@CommandHandler(SetCentreImage)
export class SetCentreImageHandler implements ICommandHandler<SetCentreImage> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, kind, bytes }: SetCentreImage): Promise<void> {
    const label = IMAGE_LABEL[kind];
    if (bytes.length === 0) throw new InvalidCentreImageError(`${label} est vide.`, 'image');
    if (bytes.length > CENTRE_IMAGE_MAX_BYTES) throw new InvalidCentreImageError(`${label} ne doit pas dépasser 2 Mo.`, 'image');
    const type = detectImageType(bytes);
    if (type !== 'png' && type !== 'jpg') throw new InvalidCentreImageError(`${label} doit être une image PNG ou JPEG.`, 'image');
    if (!(await drawsIntoDocuments(bytes))) {
      throw new InvalidCentreImageError(`Fichier illisible ou incomplet pour ${label.charAt(0).toLowerCase()}${label.slice(1)} : déposez-le de nouveau (PNG ou JPEG).`, 'image');
    }
    const sha256 = sha256Hex(bytes);
    // Stored before the transaction (docs/adr/0060); the same image again keeps nothing, so it is removed.
    const staged = await this.store.stage((read) => read.uploads.put('centre', type, bytes));
    await this.store.transaction(async (uow) => {
      const identity = await identityOf(uow);
      if (identity.imageSha256(kind) === sha256) return;
      const path = uow.uploads.keep(staged);
      uow.uploads.supersede(identity.setImage(kind, { path, sha256, contentType: type === 'png' ? 'image/png' : 'image/jpeg' }));
    }, { actor, serialize: ['centre.identity'], staged });
  }
}

/** An admin removes the logo or the signature/stamp image (none: nothing changes). */
export class RemoveCentreImage extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly kind: CentreImageKind,
  ) {
    super();
  }
}

@CommandHandler(RemoveCentreImage)
export class RemoveCentreImageHandler implements ICommandHandler<RemoveCentreImage> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, kind }: RemoveCentreImage): Promise<void> {
    await this.store.transaction(async (uow) => {
      const identity = await uow.find(CentreIdentity, { id: CentreIdentity.ID });
      uow.uploads.supersede(identity?.removeImage(kind));
    }, { actor, serialize: ['centre.identity'] });
  }
}
