import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { groupedCode } from '../../domain/issued-document.code.js';
import type { CentreField, DocumentFacts, DocumentImages, DocumentStatus } from '../../domain/issued-document.facts.js';
import { KIND_LABELS } from '../../domain/issued-document.facts.js';

/**
 * What the two documents share (docs/adr/0035): A4, DejaVu Sans embedded (a subset, with its
 * ToUnicode map: accents, « Œ », the boxes ☐ ☒ render and the text can be extracted), the centre's
 * header, the replaced banner, the signature block and the verification block (QR code + code + URL).
 * Pure: facts and images in, bytes out; the creation date is the issue's, so the same facts give
 * the same document.
 */
const require = createRequire(import.meta.url);
export const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export const MARGIN = 50;
const GREY = '#555555';
const RED = '#b00020';

export const NOT_SET = 'non renseigné dans les paramètres du centre';
const NOT_SET_F = 'non renseignée dans les paramètres du centre';

export type Doc = PDFKit.PDFDocument;

export function newDocument(facts: DocumentFacts): Doc {
  const issued = new Date(facts.issued_at);
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: FONT_REGULAR,
    info: {
      Title: `${KIND_LABELS[facts.kind]} — ${facts.learner.prenom} ${facts.learner.nom}`,
      Author: facts.centre.nom ?? 'Centre de formation',
      Subject: facts.course.title,
      Creator: 'Plateforme de formation',
      Producer: 'pdfkit',
      CreationDate: issued,
      ModDate: issued,
    },
  });
}

export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export const regular = (doc: Doc, size = 10.5): Doc => doc.font(FONT_REGULAR).fontSize(size).fillColor('black');
export const bold = (doc: Doc, size = 10.5): Doc => doc.font(FONT_BOLD).fontSize(size).fillColor('black');

/** A centre text, or what is missing in its place. */
export function centreText(facts: DocumentFacts, field: CentreField, value: string | null, feminine = false): string {
  return value && !facts.centre.missing.includes(field) ? value : feminine ? NOT_SET_F : NOT_SET;
}

export function centreAddress(facts: DocumentFacts): string {
  const { rue, code_postal, ville } = facts.centre.adresse;
  if (facts.centre.missing.includes('adresse') || !rue || !code_postal || !ville) return NOT_SET_F;
  return `${rue}, ${code_postal} ${ville}`;
}

/** « 05/03/2026 » from an ISO date, or what is missing. */
export function frenchDate(iso: string | null, missing = 'date non renseignée'): string {
  if (!iso) return missing;
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

const DRAWABLE = ['image/png', 'image/jpeg'];

function drawImage(doc: Doc, image: DocumentImages['logo'], x: number, y: number, fit: [number, number]): boolean {
  if (!image || !DRAWABLE.includes(image.content_type)) return false;
  doc.image(image.bytes, x, y, { fit });
  return true;
}

/** Logo, then the provider's name, address, SIRET and NDA (each or what is missing). */
export function header(doc: Doc, facts: DocumentFacts, images: DocumentImages, status: DocumentStatus): void {
  const top = doc.y;
  const hasLogo = drawImage(doc, facts.centre.missing.includes('logo') ? null : images.logo, MARGIN, top, [90, 60]);
  const x = hasLogo ? MARGIN + 105 : MARGIN;
  const width = doc.page.width - MARGIN - x;
  bold(doc, 11).text(centreText(facts, 'nom', facts.centre.nom) === NOT_SET ? `Nom du centre : ${NOT_SET}` : facts.centre.nom!, x, top, { width });
  regular(doc, 9).fillColor(GREY);
  doc.text(`Adresse : ${centreAddress(facts)}`, { width });
  doc.text(`SIRET : ${centreText(facts, 'siret', facts.centre.siret)}`, { width });
  doc.text(`Numéro de déclaration d’activité : ${centreText(facts, 'nda', facts.centre.nda)}`, { width });
  if (!hasLogo) doc.text(`Logo : ${NOT_SET}`, { width });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + (hasLogo ? 64 : 0)) + 10;
  if (status.status === 'remplace') {
    const y = doc.y;
    doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, 30).lineWidth(2).strokeColor(RED).stroke();
    bold(doc, 13).fillColor(RED).text(`Remplacé par la version ${status.replaced_by_version}`, MARGIN, y + 8, { width: doc.page.width - 2 * MARGIN, align: 'center' });
    doc.x = MARGIN;
    doc.y = y + 40;
  }
}

export function title(doc: Doc, text: string, subtitle?: string): void {
  doc.moveDown(0.5);
  bold(doc, 17).text(text, MARGIN, doc.y, { align: 'center', width: doc.page.width - 2 * MARGIN });
  if (subtitle) regular(doc, 9.5).fillColor(GREY).text(subtitle, { align: 'center', width: doc.page.width - 2 * MARGIN });
  doc.moveDown(0.8);
  doc.x = MARGIN;
}

/** A paragraph whose `label` is bold and `value` regular, on one flow. */
export function field(doc: Doc, label: string, value: string, gap = 0.35): void {
  bold(doc).text(label, MARGIN, doc.y, { continued: true });
  regular(doc).text(value);
  doc.moveDown(gap);
}

export function paragraph(doc: Doc, text: string, gap = 0.35, size = 10.5): void {
  regular(doc, size).text(text, MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN, align: 'left' });
  doc.moveDown(gap);
}

/** Keeps the next `height` points on one page. */
export function keepTogether(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}

/**
 * The closing block: on the left « Fait à … le … », the signatory and the stamp/signature image (or
 * what is missing); on the right the verification: QR code, code, address, version and status.
 */
export async function closingBlock(doc: Doc, facts: DocumentFacts, images: DocumentImages, status: DocumentStatus, caption: string): Promise<void> {
  keepTogether(doc, 150);
  doc.moveDown(0.4);
  const top = doc.y;
  const rightWidth = 190;
  const rightX = doc.page.width - MARGIN - rightWidth;
  const leftWidth = rightX - MARGIN - 16;

  // Right: verification.
  doc.image(await qrPng(facts.verification.url), rightX, top, { width: 72, height: 72 });
  regular(doc, 8).text(`Code de vérification : ${groupedCode(facts.verification.code)}`, rightX, top + 76, { width: rightWidth });
  doc.text('Vérifier ce document :', { width: rightWidth });
  doc.text(facts.verification.url, { width: rightWidth });
  doc.text(`${KIND_LABELS[facts.kind]}, version ${facts.version}, émis le ${frenchDate(facts.fait_le)}.`, { width: rightWidth });
  if (status.status === 'remplace') bold(doc, 8).fillColor(RED).text(`Remplacé par la version ${status.replaced_by_version} : ce document n’est plus valable.`, { width: rightWidth });
  const rightBottom = doc.y;

  // Left: place, date, signatory, image.
  bold(doc).text('Fait à : ', MARGIN, top, { continued: true, width: leftWidth });
  regular(doc).text(centreText(facts, 'lieu', facts.centre.lieu));
  bold(doc).text('Le : ', MARGIN, doc.y, { continued: true, width: leftWidth });
  regular(doc).text(frenchDate(facts.fait_le));
  doc.moveDown(0.5);
  bold(doc).text(caption, MARGIN, doc.y, { width: leftWidth });
  regular(doc).text(`${centreText(facts, 'signataire', facts.centre.signataire.nom)}, ${qualite(facts)}`, { width: leftWidth });
  const y = doc.y + 4;
  const drawn = drawImage(doc, facts.centre.missing.includes('signature') ? null : images.signature, MARGIN, y, [160, 64]);
  if (drawn) doc.y = y + 68;
  else regular(doc, 9).fillColor(GREY).text(`Image du cachet et de la signature : ${NOT_SET_F}`, MARGIN, y, { width: leftWidth });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, rightBottom) + 8;
}

export function qualite(facts: DocumentFacts): string {
  return facts.centre.signataire.qualite && !facts.centre.missing.includes('qualite_signataire')
    ? facts.centre.signataire.qualite
    : `qualité du signataire ${NOT_SET_F}`;
}

export function signatoryName(facts: DocumentFacts): string {
  return facts.centre.signataire.nom && !facts.centre.missing.includes('signataire') ? facts.centre.signataire.nom : `[nom du signataire ${NOT_SET}]`;
}

export function centreName(facts: DocumentFacts): string {
  return facts.centre.nom && !facts.centre.missing.includes('nom') ? facts.centre.nom : `[nom du centre ${NOT_SET}]`;
}

/** The QR code's PNG: the verification URL, error correction M. */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 });
}

