import { copyFile, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { CommandBus } from '@nestjs/cqrs';
import { AddChapter, AddStudyMaterial, AddSubchapter, type IncomingFile } from '../contexts/catalogue/testing.js';
import { projectRoot } from '../platform/config/config.js';
import type { Actor } from '../shared-kernel/index.js';
import type { DemoChapter, DemoStep } from './demo-catalogue.js';
import { writeScormPackage } from './scorm/build-package.js';

const VIDEOS = join(projectRoot, 'backend/src/demo/assets/video');

/** A file as the HTTP layer hands it over after streaming it to a temporary place (the store moves it). */
async function incoming(folder: string, path: string, filename = basename(path)): Promise<IncomingFile> {
  const copy = join(folder, `${Date.now()}-${Math.random().toString(36).slice(2)}-${filename}`);
  await copyFile(path, copy);
  const handle = await open(copy, 'r');
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return { path: copy, size: (await stat(copy)).size, filename, head: head.subarray(0, bytesRead) };
  } finally {
    await handle.close();
  }
}

/** A one-page PDF with a title and lines of text (Helvetica, WinAnsi): the demo's study sheet. */
export function simplePdf(title: string, lines: string[]): Buffer {
  const latin = (text: string) => text.replace(/[’]/g, "'").replace(/[\\()]/g, (c) => `\\${c}`);
  const body = [`BT /F1 18 Tf 56 780 Td (${latin(title)}) Tj ET`, ...lines.map((line, i) => `BT /F1 11 Tf 56 ${740 - i * 18} Td (${latin(line)}) Tj ET`)].join('\n');
  const stream = Buffer.from(body, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream.toString('latin1')}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * A course's chapters split where the first upload is: those before it go in with the course (one
 * transaction, `PublishCourse`), the rest are added one by one by the trainer (`addDemoChapters`).
 */
export function splitAtFirstUpload<T extends DemoChapter>(chapters: readonly T[]): [T[], T[]] {
  const first = chapters.findIndex((chapter) => chapter.demoVideo || chapter.subchapters?.some((sub) => sub.demoVideo));
  return first < 0 ? [[...chapters], []] : [chapters.slice(0, first), chapters.slice(first)];
}

/**
 * Adds a course's chapters and sub-chapters in order, as its trainer does in the authoring screens:
 * a step naming a `demoVideo` uploads the project's own video (assets/video/<name>.mp4, made by
 * make-demo-videos.sh), whose length the server measures.
 */
export async function addDemoChapters(commands: CommandBus, trainer: Actor, courseId: number, chapters: readonly DemoChapter[]): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'lms-demo-steps-'));
  try {
    const files = async ({ demoVideo }: DemoStep) => (demoVideo ? { video: await incoming(folder, join(VIDEOS, `${demoVideo}.mp4`)) } : {});
    for (const { subchapters = [], demoVideo, ...chapter } of chapters) {
      const chapterId = await commands.execute(new AddChapter(trainer, courseId, chapter, await files({ ...chapter, demoVideo })));
      for (const { demoVideo: subVideo, ...sub } of subchapters) {
        await commands.execute(new AddSubchapter(trainer, chapterId, sub, await files({ ...sub, demoVideo: subVideo })));
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface DemoMediaCourses {
  /** Claire's Word and Excel templates course: a demonstration in WebM, a sub-chapter in MP4, two documents. */
  templates: number;
  /** Claire's pivot tables course: a SCORM 2004 module. */
  pivotTables: number;
  /** Julien's cybersecurity course: a SCORM 1.2 module and a document. */
  security: number;
}

/**
 * The demo's uploaded content: real videos, the project's own SCORM packages and study documents,
 * sent by the courses' trainers through the authoring commands, exactly as their uploads are.
 */
export async function seedDemoMedia(commands: CommandBus, trainers: { claire: Actor; julien: Actor }, courses: DemoMediaCourses): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'lms-demo-media-'));
  try {
    const { claire, julien } = trainers;
    const videoChapter = await commands.execute(
      new AddChapter(
        claire,
        courses.templates,
        { title: 'Démonstration : enregistrer un modèle Word', description: 'Les trois gestes pour créer puis réutiliser un modèle .dotx, à regarder jusqu’au bout.', contentType: 'video_file', duration: 0 },
        { video: await incoming(folder, join(VIDEOS, 'demo-video.webm')) },
      ),
    );
    await commands.execute(
      new AddSubchapter(
        claire,
        videoChapter,
        { title: 'Démonstration : enregistrer un modèle Excel', description: 'Le même geste pour un classeur .xltx, feuille protégée.', contentType: 'video_file', duration: 0 },
        { video: await incoming(folder, join(VIDEOS, 'demo-video.mp4')) },
      ),
    );
    const scorm2004 = await writeScormPackage('scorm2004', join(folder, 'tableur-scorm2004.zip'));
    await commands.execute(
      new AddChapter(
        claire,
        courses.pivotTables,
        { title: 'Module interactif : bien utiliser un tableur', contentType: 'scorm', duration: 600 },
        { scorm: await incoming(folder, scorm2004) },
      ),
    );
    const scorm12 = await writeScormPackage('scorm12', join(folder, 'securite-scorm12.zip'));
    await commands.execute(
      new AddChapter(
        julien,
        courses.security,
        { title: 'Module interactif : les bases de la sécurité informatique', contentType: 'scorm', duration: 900 },
        { scorm: await incoming(folder, scorm12) },
      ),
    );

    const sheet = join(folder, 'fiche-memo-modeles.pdf');
    await writeFile(sheet, simplePdf('Fiche mémo : modèles Word et Excel', [
      '1. Enregistrer sous : Modèle Word (*.dotx) ou Modèle Excel (*.xltx).',
      '2. Styles : Titre 1, Titre 2, Normal ; jamais de mise en forme directe.',
      '3. Champs : Insertion > QuickPart > Champ (date, auteur, page).',
      '4. Protéger une feuille : Révision > Protéger la feuille.',
    ]));
    await commands.execute(
      new AddStudyMaterial(claire, courses.templates, { title: 'Fiche mémo', description: 'Les gestes clés du cours, sur une page.', remarks: 'À imprimer.' }, await incoming(folder, sheet, 'Fiche mémo — modèles.pdf')),
    );
    const data = join(folder, 'donnees-exercice.csv');
    await writeFile(data, 'Région;Mois;Ventes\nNord;Janvier;12500\nNord;Février;13100\nSud;Janvier;9800\nSud;Février;10400\n');
    await commands.execute(
      new AddStudyMaterial(claire, courses.templates, { title: 'Données d’exercice', description: 'Le tableau utilisé dans la vidéo.', remarks: '' }, await incoming(folder, data, 'données-exercice.csv')),
    );
    const charter = join(folder, 'charte.pdf');
    await writeFile(charter, simplePdf('Charte informatique (extrait)', ['Verrouillez votre poste (Windows + L) dès que vous le quittez.', 'Un mot de passe par service, 12 caractères au moins.', 'Signalez tout courriel suspect au service informatique.']));
    await commands.execute(
      new AddStudyMaterial(julien, courses.security, { title: 'Charte informatique', description: 'Les règles à connaître avant le module.', remarks: '' }, await incoming(folder, charter, 'Charte informatique.pdf')),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
