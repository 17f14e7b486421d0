import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../../../platform/database/database.js';
import { MediaStorage } from '../../../platform/storage/media-storage.js';
import { MANIFEST_READING, readScormManifest, type ScormItem } from '../domain/scorm/index.js';

/** Chapters whose stored manifest was read by an older reading (no `reading`, or a lower one). */
export const OUTDATED_MANIFESTS_SQL = `select id, scorm_path, scorm_manifest as manifest from catalogue.chapter
  where content_type = 'scorm' and scorm_path is not null and scorm_manifest is not null
    and coalesce((scorm_manifest->>'reading')::int, 1) < $1`;

/** What a newer reading adds to an item (its launch, resolved at import against the archive, is kept). */
const ADDED = ['asset', 'masteryScore', 'dataFromLms', 'completionThreshold', 'scaledPassingScore'] as const;

/**
 * Packages imported before issue 23 were stored with a manifest that did not say which items are
 * assets nor what their run-time is given (mastery score, launch data, thresholds): once the
 * migrations have run, each such manifest is completed from the package's own imsmanifest.xml,
 * kept on disk, so that existing courses stop requiring assets and get their SCOs' settings
 * (docs/adr/0026). A derived column, not a decision: no event. A package whose manifest cannot be
 * read any more keeps its stored manifest (its parts stay as they were) and is not tried again.
 */
@Injectable()
export class ScormManifestUpgrade {
  private readonly logger = new Logger('ScormManifestUpgrade');

  constructor(
    private readonly db: Database,
    private readonly storage: MediaStorage,
  ) {}

  /** Returns how many stored manifests were completed. */
  async run(): Promise<number> {
    const rows = await this.db.query<{ id: number; scorm_path: string; manifest: { items?: ScormItem[] } }>(OUTDATED_MANIFESTS_SQL, [MANIFEST_READING]);
    let upgraded = 0;
    for (const row of rows) {
      let items = row.manifest.items ?? [];
      try {
        const manifest = await this.storage.readAll(`${row.scorm_path}/imsmanifest.xml`);
        if (!manifest) throw new Error('imsmanifest.xml introuvable');
        const fresh = readScormManifest(manifest);
        const byId = new Map(fresh.items.map((item) => [item.identifier, item]));
        items = items.map((item) => {
          const read = byId.get(item.identifier);
          if (!read) return item;
          const added = Object.fromEntries(ADDED.filter((key) => read[key] !== undefined).map((key) => [key, read[key]]));
          return { ...item, ...added };
        });
        upgraded++;
      } catch (error) {
        this.logger.warn(`Chapitre ${row.id} : manifeste SCORM illisible, laissé tel quel (${error instanceof Error ? error.message : String(error)}).`);
      }
      // Only the package read above: another node may have replaced it (or upgraded it) meanwhile (docs/adr/0059).
      await this.db.query(
        `update catalogue.chapter set scorm_manifest = $2::jsonb
          where id = $1 and scorm_path = $3 and coalesce((scorm_manifest->>'reading')::int, 1) < $4`,
        [row.id, JSON.stringify({ ...row.manifest, items, reading: MANIFEST_READING }), row.scorm_path, MANIFEST_READING],
      );
    }
    return upgraded;
  }
}
