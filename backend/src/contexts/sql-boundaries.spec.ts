import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../platform/config/config.js';
import { OUTSIDE_THE_RULE, publishedReadModels, scanSqlBoundaries, schemasOfContextMap } from '../testing/sql-boundaries.js';

const schemas = schemasOfContextMap(readFileSync(join(projectRoot, 'docs/context-map.md'), 'utf8'));
const contexts = join(projectRoot, 'backend/src/contexts');
const fixture = (name: string) => join(projectRoot, 'backend/test/sql-boundaries', name);

describe('the read-model rule: a context’s SQL names another context’s tables only through the views it publishes', () => {
  it('knows the schema of every context from docs/context-map.md, and none of them is the platform’s or the analysts’', () => {
    const folders = readdirSync(contexts, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect([...schemas.values()].sort()).toEqual(folders.sort());
    expect(schemas.get('progress')).toBe('learning-progress');
    expect(schemas.get('notifications')).toBe('notifications');
    expect(schemas.get('quality')).toBe('quality');
    for (const schema of Object.keys(OUTSIDE_THE_RULE)) expect(schemas.has(schema)).toBe(false);
  });

  it('holds in backend/src/contexts', () => {
    expect(scanSqlBoundaries(contexts, schemas).map((v) => v.message)).toEqual([]);
  });

  it('finds the views the contexts publish in their contracts', () => {
    const published = publishedReadModels(contexts);
    expect(published.get('identity')).toContain('identity.student_record');
    expect(published.get('learning-progress')).toContain('progress.student_figures');
  });

  describe('on a fixture that breaks it', () => {
    const violations = scanSqlBoundaries(fixture('failing'), schemas);

    it('names the file and line, the table and the context that owns it', () => {
      const account = violations.find((v) => v.name === 'identity.account');
      expect(account).toMatchObject({ where: 'administration/application/reads.ts:4', context: 'administration', owner: 'identity' });
      expect(account!.message).toBe(
        "administration/application/reads.ts:4 : 'administration' lit 'identity.account', une table du contexte 'identity' (schéma identity) qu'il ne publie pas ; " +
          'lisez ses vues publiées (identity.student_record) ou passez par ses requêtes.',
      );
    });

    it('reports every unpublished table, whatever the context publishes or not, and an entity mapped on another schema', () => {
      expect(violations.map((v) => [v.where, v.name, v.owner])).toEqual([
        ['identity/contracts', 'catalogue.course', 'catalogue'],
        ['administration/application/reads.ts:4', 'identity.student', 'identity'],
        ['administration/application/reads.ts:4', 'identity.account', 'identity'],
        ['administration/application/reads.ts:8', 'catalogue.course', 'catalogue'],
        ['administration/application/student.entity.ts:2', 'identity.*', 'identity'],
      ]);
      expect(violations.find((v) => v.where.endsWith('reads.ts:8'))!.message).toContain('aucune : catalogue/contracts/catalogue.read-models.ts en ajoute');
      expect(violations[0].message).toContain("un contexte ne publie que ses propres vues");
    });

    it('leaves out specs, testing entries, strings that are not SQL, its own schema, the event log and the analysts’ views', () => {
      expect(violations.filter((v) => /spec|testing|catalogue\/domain/.test(v.where) || /administration\.|eventlog\.|analytics\./.test(v.name))).toEqual([]);
    });
  });

  it('passes a fixture that reads only published views, its own tables and the platform’s', () => {
    expect(scanSqlBoundaries(fixture('passing'), schemas)).toEqual([]);
  });
});
