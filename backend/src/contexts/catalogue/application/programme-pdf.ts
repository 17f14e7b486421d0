import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { CentreIdentityView } from '../../centre/contracts/centre.queries.js';
import { COURSE_NATURE_LABELS, type CourseNature } from '../domain/course-promises.js';
import { durationText, priceText } from '../domain/course-programme.js';
import type { ProgrammeView } from './queries/programme.views.js';

/*
 * The programme sheet as a printable PDF (issue 29 item 1, docs/adr/0047): pdfkit with DejaVu Sans
 * embedded, as the issued documents (docs/adr/0035); the centre's logo, name, address, SIRET and
 * NDA in the header; « Mis à jour le … »; only the items filled. Pure: the same sheet gives the same
 * bytes (its dates are the sheet's last update).
 */
const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const MARGIN = 50;
const GREY = '#555555';
const ACCENT = '#1f4e79';
const DRAWABLE = ['image/png', 'image/jpeg'];

export interface ProgrammePdfInput {
  course: { id: number; title: string; objectives: string[]; planned_minutes: number | null; nature: CourseNature | null; programme: ProgrammeView };
  centre: CentreIdentityView;
  logo: { bytes: Buffer; content_type: string } | null;
}

const PARIS_DATE = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
/** « 27/11/2026 » in Paris time. */
export const frenchDay = (iso: string): string => PARIS_DATE.format(new Date(iso));

/** The items of the sheet in reading order: [heading, text] for each one filled. */
export function programmeSections({ course }: Pick<ProgrammePdfInput, 'course'>): [string, string][] {
  const p = course.programme;
  const sections: [string, string | null][] = [
    ['Objectifs pédagogiques', course.objectives.length ? course.objectives.map((line) => `• ${line}`).join('\n') : null],
    ['Public visé', p.target_public],
    ['Prérequis', p.prerequisites],
    ['Durée', course.planned_minutes ? durationText(course.planned_minutes) : null],
    ['Nature de l’action', course.nature ? COURSE_NATURE_LABELS[course.nature] : null],
    ['Modalités', p.modality_label],
    ['Délais d’accès', p.access_delays],
    ['Méthodes pédagogiques', p.teaching_methods],
    ['Modalités d’évaluation', p.evaluation_methods],
    ['Tarif', priceText(p.price_cents, p.on_quote)],
    ['Accessibilité aux personnes en situation de handicap', p.accessibility],
    ['Référent handicap', [p.referent_name, p.referent_email, p.referent_phone].filter(Boolean).join('\n') || null],
    ['Contacts', p.contacts],
  ];
  if (p.certifying) {
    sections.push(
      ['Certification', [p.certification_code, p.certifier ? `Certificateur : ${p.certifier}` : null].filter(Boolean).join('\n') || null],
      ['Éligible au CPF', p.cpf_eligible ? 'Oui' : 'Non'],
      ['Équivalences et passerelles', p.equivalences],
      ['Débouchés', p.outcomes],
    );
  }
  return sections.filter((section): section is [string, string] => !!section[1]);
}

export function renderProgrammePdf(input: ProgrammePdfInput): Promise<Buffer> {
  const { course, centre, logo } = input;
  const updated = course.programme.updated_at ? new Date(course.programme.updated_at) : new Date(0);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: FONT_REGULAR,
    info: {
      Title: `Programme de formation — ${course.title}`,
      Author: centre.nom ?? 'Centre de formation',
      Subject: 'Fiche programme',
      Creator: 'Plateforme de formation',
      Producer: 'pdfkit',
      CreationDate: updated,
      ModDate: updated,
    },
  });
  const width = doc.page.width - 2 * MARGIN;

  // Header: logo, then what the centre's settings give (nothing invented when unset).
  const top = doc.y;
  const drawLogo = logo && !centre.missing.includes('logo') && DRAWABLE.includes(logo.content_type);
  if (drawLogo) doc.image(logo.bytes, MARGIN, top, { fit: [90, 60] });
  const x = drawLogo ? MARGIN + 105 : MARGIN;
  doc.font(FONT_BOLD).fontSize(12).fillColor('black').text(centre.nom ?? 'Centre de formation', x, top, { width: width - (x - MARGIN) });
  doc.font(FONT_REGULAR).fontSize(9).fillColor(GREY);
  const { rue, code_postal, ville } = centre.adresse;
  if (rue && code_postal && ville) doc.text(`${rue}, ${code_postal} ${ville}`, { width: width - (x - MARGIN) });
  if (centre.siret) doc.text(`SIRET : ${centre.siret}`, { width: width - (x - MARGIN) });
  if (centre.nda) {
    doc.text(`Déclaration d’activité enregistrée sous le numéro ${centre.nda} (cet enregistrement ne vaut pas agrément de l’État)`, { width: width - (x - MARGIN) });
  }
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + (drawLogo ? 64 : 0)) + 14;

  doc.font(FONT_BOLD).fontSize(10).fillColor(ACCENT).text('PROGRAMME DE FORMATION', MARGIN, doc.y, { width, align: 'center', characterSpacing: 1 });
  doc.font(FONT_BOLD).fontSize(17).fillColor('black').text(course.title, { width, align: 'center' });
  doc.font(FONT_REGULAR).fontSize(9.5).fillColor(GREY)
    .text(course.programme.updated_at ? `Mis à jour le ${frenchDay(course.programme.updated_at)}` : 'Date de mise à jour non renseignée', { width, align: 'center' });
  doc.moveDown(1);

  for (const [heading, text] of programmeSections(input)) {
    if (doc.y + 50 > doc.page.height - MARGIN) doc.addPage();
    doc.font(FONT_BOLD).fontSize(11).fillColor(ACCENT).text(heading, MARGIN, doc.y, { width });
    doc.moveDown(0.15);
    doc.font(FONT_REGULAR).fontSize(10).fillColor('black').text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.7);
  }

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
