// Developer check, not a test: runs the platform's SCORM inspector (the compiled backend) on every
// zip of ../shared/fixtures/scorm, or of the folder given, and prints what it accepts (with the
// launch file) and what it refuses (with the message an uploader would read).
//   npm run build -w backend && npm run scorm:check -w backend [-- <dossier>]
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const inspector = join(repo, 'backend/dist/contexts/catalogue/domain/scorm/index.js');
const folder = resolve(process.argv[2] ?? join(repo, '../shared/fixtures/scorm'));

if (!existsSync(inspector)) {
  console.error("Le backend n'est pas compilé : lancez d'abord npm run build -w backend.");
  process.exit(2);
}
if (!existsSync(folder)) {
  console.error(`Dossier introuvable : ${folder}`);
  process.exit(2);
}
const { inspectScormZip } = await import(pathToFileURL(inspector).href);
const zips = readdirSync(folder)
  .filter((name) => name.toLowerCase().endsWith('.zip'))
  .sort();
if (zips.length === 0) console.log(`Aucun fichier .zip dans ${folder}.`);
let failures = 0;
for (const name of zips) {
  try {
    const manifest = await inspectScormZip(join(folder, name));
    console.log(`ACCEPTÉ  ${name} : SCORM ${manifest.version}, « ${manifest.title} », lancement ${manifest.launch}`);
    if (manifest.items.length > 1) {
      for (const item of manifest.items) console.log(`           - ${item.identifier}${item.visible ? '' : ' (masqué)'} : ${item.launch}`);
    }
  } catch (error) {
    if (error?.name === 'InvalidScormPackageError') console.log(`REFUSÉ   ${name} : ${error.message}`);
    else {
      failures++;
      console.log(`ERREUR   ${name} : ${error?.stack ?? error}`);
    }
  }
}
process.exitCode = failures > 0 ? 1 : 0;
