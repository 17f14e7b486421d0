import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The read-model rule (issue 21), as a source scan: no SQL of one context names a table of another
 * context's schema, only the views that context publishes in its `contracts/<ctx>.read-models.ts`
 * (each exported string constant `'<schema>.<view>'` of its own schema). Run by
 * `src/contexts/sql-boundaries.spec.ts` over `src/contexts/` and over its fixtures.
 *
 * - SQL strings are the string and template literals of a context's files (not `*.spec.ts`, not
 *   `testing.ts`) that read as SQL (a `select`, `insert`, `update`, `delete`, `from` or `join`);
 *   a template's `${…}` parts are not read (a published view's constant is interpolated there).
 *   An entity mapped with `schema: '<another context's schema>'` counts too.
 * - Schemas owned by no context are outside the rule: `eventlog` (the platform's event log, the
 *   projection runner's checkpoints and its `daily_activity` projection) and `analytics` (the
 *   analysts' views, made by migrations only), like PostgreSQL's own.
 */

/** Schemas of no context: the platform's and the analysts'. */
export const OUTSIDE_THE_RULE: Record<string, string> = {
  eventlog: 'the platform (event log, checkpoints, daily_activity)',
  analytics: "the analysts' views (migrations only)",
};

export interface Violation {
  /** Path relative to the scanned root, `:line`. */
  where: string;
  /** The context whose file names the table. */
  context: string;
  /** `schema.table` as written. */
  name: string;
  /** The context that owns the schema. */
  owner: string;
  message: string;
}

/** schema → context, from the table of docs/context-map.md (`| context | \`schema\` | …`). */
export function schemasOfContextMap(markdown: string): Map<string, string> {
  const schemas = new Map<string, string>();
  for (const match of markdown.matchAll(/^\|\s*([a-z][a-z-]*)\s*\|\s*`([a-z_]+)`\s*\|/gm)) schemas.set(match[2], match[1]);
  return schemas;
}

const SQL = /\b(select|insert|update|delete|from|join)\b/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry) && !/\.d\.ts$/.test(entry) && !/\.spec\.ts$/.test(entry) && entry !== 'testing.ts' ? [path] : [];
  });
}

interface Literal {
  text: string;
  line: number;
  /** `schema: '…'` of an entity mapping rather than SQL. */
  schemaOption: boolean;
}

function literalsOf(path: string): Literal[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Literal[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const schemaOption = ts.isPropertyAssignment(parent) && parent.initializer === node && parent.name.getText(source) === 'schema';
      found.push({ text: node.text, line: line(node), schemaOption });
    } else if (ts.isTemplateExpression(node)) {
      found.push({ text: [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ${…} '), line: line(node), schemaOption: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The views each context publishes: the `'<schema>.<view>'` constants exported by its contracts' `*.read-models.ts`. */
export function publishedReadModels(contextsRoot: string): Map<string, Set<string>> {
  const published = new Map<string, Set<string>>();
  for (const context of readdirSync(contextsRoot)) {
    const contracts = join(contextsRoot, context, 'contracts');
    let files: string[];
    try {
      files = readdirSync(contracts).filter((f) => f.endsWith('.read-models.ts'));
    } catch {
      continue;
    }
    const views = new Set<string>();
    for (const file of files) {
      const source = ts.createSourceFile(file, readFileSync(join(contracts, file), 'utf8'), ts.ScriptTarget.Latest, true);
      for (const statement of source.statements) {
        if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
        for (const declaration of statement.declarationList.declarations) {
          const value = declaration.initializer;
          if (value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) && /^[a-z_]+\.[a-z_]+$/.test(value.text)) views.add(value.text);
        }
      }
    }
    published.set(context, views);
  }
  return published;
}

/** Every violation of the rule under `contextsRoot` (a folder of context folders), given the schema → context map. */
export function scanSqlBoundaries(contextsRoot: string, schemas: Map<string, string>): Violation[] {
  const published = publishedReadModels(contextsRoot);
  const violations: Violation[] = [];
  const ownSchema = (context: string) => [...schemas].find(([, owner]) => owner === context)?.[0];

  for (const [context, views] of published) {
    for (const view of views) {
      const schema = view.split('.')[0];
      if (schema !== ownSchema(context)) {
        violations.push({
          where: `${context}/contracts`, context, name: view, owner: schemas.get(schema) ?? '?',
          message: `${context}/contracts publie '${view}', qui n'est pas dans son schéma (${ownSchema(context) ?? 'aucun'}) : un contexte ne publie que ses propres vues.`,
        });
      }
    }
  }

  const qualified = new RegExp(`\\b(${[...schemas.keys()].join('|')})\\.([a-z_][a-z0-9_]*)\\b`, 'g');
  for (const context of readdirSync(contextsRoot)) {
    const dir = join(contextsRoot, context);
    if (!statSync(dir).isDirectory()) continue;
    for (const path of sourceFiles(dir)) {
      for (const literal of literalsOf(path)) {
        const where = `${relative(contextsRoot, path)}:${literal.line}`;
        if (literal.schemaOption) {
          const owner = schemas.get(literal.text);
          if (owner && owner !== context) {
            violations.push({
              where, context, name: `${literal.text}.*`, owner,
              message: `${where} : une entité de '${context}' est mappée sur le schéma '${literal.text}' du contexte '${owner}' ; lisez ses vues publiées (contracts/) ou passez par ses requêtes.`,
            });
          }
          continue;
        }
        if (!SQL.test(literal.text)) continue;
        for (const match of literal.text.matchAll(qualified)) {
          const [name, schema] = match;
          const owner = schemas.get(schema)!;
          if (owner === context || published.get(owner)?.has(name)) continue;
          const offered = [...(published.get(owner) ?? [])].filter((view) => view.startsWith(`${schema}.`));
          violations.push({
            where, context, name, owner,
            message:
              `${where} : '${context}' lit '${name}', une table du contexte '${owner}' (schéma ${schema}) qu'il ne publie pas ; ` +
              `lisez ses vues publiées (${offered.length ? offered.join(', ') : `aucune : ${owner}/contracts/${owner}.read-models.ts en ajoute`}) ou passez par ses requêtes.`,
          });
        }
      }
    }
  }
  return violations;
}
