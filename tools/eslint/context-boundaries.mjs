// ESLint rule: the module graph of the bounded contexts (docs/adr/0002-modular-monolith.md,
// docs/adr/0007-contracts-only-boundaries.md).
//
// - A context reaches another only through its `contracts/` (events and query classes with their
//   views), and only a context declared BEFORE it in CONTEXT_ORDER: the graph is acyclic by
//   construction. A later context's events are read as a tolerant reader, without importing them.
// - `contracts/` import nothing of the project but the shared kernel and their own context's contracts.
// - `<ctx>/index.ts` (the Nest module) is for the composition root; `<ctx>/testing.ts` (commands only
//   the demo data and tests send) for demo/, testing/, cli/testing/ and *.spec.ts files (above the
//   contexts, beside the composition root).
// - Layers inside a context: `domain/` imports neither `application/` nor `http/`; `application/`
//   does not import `http/`; `http/` is a translator between HTTP and the buses, so it reaches no
//   persistence (the platform's database and aggregate store, MikroORM, pg): its specs aside.
// - The platform never depends on a context nor on the composition root, its specs included; the
//   shared kernel depends on nothing.
import path from 'node:path';

/** Upstream first. A new context is added here, after the contexts whose contracts it uses. */
export const CONTEXT_ORDER = ['centre', 'identity', 'catalogue', 'enrolment', 'assessment', 'tutoring', 'learning-progress', 'xapi', 'administration', 'evidence', 'notifications', 'quality', 'engagement', 'satisfaction', 'indicators'];

function locate(file) {
  const parts = path.resolve(file).split(path.sep);
  const src = parts.lastIndexOf('src');
  if (src < 0) return null;
  const rest = parts.slice(src + 1);
  const inner = rest.slice(2).join('/');
  if (rest[0] === 'contexts' && rest.length > 2) return { layer: 'context', name: rest[1], inner };
  if (rest[0] === 'platform' || rest[0] === 'shared-kernel') return { layer: rest[0], name: rest[0], inner: rest.slice(1).join('/') };
  // The schema history: plain SQL migrations, which the platform's database module runs.
  if (rest[0] === 'migrations') return { layer: 'migrations', name: 'migrations', inner: rest.slice(1).join('/') };
  return { layer: 'app', name: 'app', inner: rest.join('/') };
}

const entry = (inner, name) => inner === name || inner === `${name}.js` || inner === `${name}.ts`;
const isContracts = (inner) => inner.startsWith('contracts/');
const isSpec = (file) => /\.spec\.[cm]?[jt]sx?$/.test(file);
/** Where the testing entries may be used: code that arranges a world, never code that serves requests. */
const mayUseTesting = (here, file) =>
  isSpec(file) || (here.layer === 'app' && (here.inner.startsWith('demo/') || here.inner.startsWith('testing/') || here.inner.startsWith('cli/testing/')));

export default {
  meta: {
    type: 'problem',
    messages: {
      internals: "Le contexte '{{from}}' importe l'intérieur du contexte '{{to}}' ({{inner}}) : passez par ses contracts/ (événements, requêtes).",
      order:
        "Le contexte '{{from}}' ne peut pas dépendre de '{{to}}', déclaré après lui dans CONTEXT_ORDER (le graphe des contextes reste sans cycle) : lisez ses événements en lecteur tolérant.",
      unlisted: "Le contexte '{{name}}' n'est pas déclaré dans CONTEXT_ORDER (tools/eslint/context-boundaries.mjs).",
      contracts: "Les contracts/ de '{{from}}' n'importent que le noyau partagé (import de '{{to}}').",
      module: "Seule la composition de l'application importe le module de '{{to}}' (index.ts) ; les contextes utilisent ses contracts/.",
      testing: "L'entrée de test de '{{to}}' (testing.ts) ne sert qu'aux données de démonstration et aux tests.",
      platform: "'{{from}}' ne doit dépendre d'aucun contexte (import de '{{to}}').",
      kernel: "Le noyau partagé ne dépend de rien d'autre que de lui-même (import de '{{to}}').",
      layer: "Dans le contexte '{{ctx}}', {{from}}/ n'importe pas {{to}}/ ({{inner}}) : le domaine est au fond, l'application au-dessus, http/ en haut.",
      translator:
        "http/ de '{{ctx}}' traduit HTTP en commandes et requêtes : il n'accède pas à la persistance ({{to}}) ; passez par une requête ou une commande de application/.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = locate(file);
    if (!here) return {};
    const layerOf = (inner) => inner.split('/')[0];
    const PERSISTENCE_PACKAGES = /^(@mikro-orm\/|pg$|pg\/)/;
    const PERSISTENCE_PLATFORM = /^(database|aggregate-store)(\/|$)/;
    function check(node, source) {
      if (typeof source !== 'string') return;
      const inHttp = here.layer === 'context' && layerOf(here.inner) === 'http' && !isSpec(file);
      if (!source.startsWith('.')) {
        if (inHttp && PERSISTENCE_PACKAGES.test(source)) context.report({ node, messageId: 'translator', data: { ctx: here.name, to: source } });
        return;
      }
      const target = locate(path.resolve(path.dirname(file), source));
      if (!target) return;
      const report = (messageId, data) => context.report({ node, messageId, data });

      if (here.layer === 'shared-kernel') {
        if (target.layer !== 'shared-kernel') report('kernel', { to: target.inner || target.name });
        return;
      }
      if (here.layer === 'context' && isContracts(here.inner)) {
        const ownContracts = target.layer === 'context' && target.name === here.name && isContracts(target.inner);
        if (target.layer !== 'shared-kernel' && !ownContracts) report('contracts', { from: here.name, to: target.layer === 'context' ? `${target.name}/${target.inner}` : target.inner });
        return;
      }
      // The platform and the shared kernel sit below everything: no context, and not the app's
      // composition root (app.module, create-app), which imports every context.
      if (here.layer === 'platform') {
        if (target.layer === 'app') report('platform', { from: here.name, to: target.inner });
        else if (target.layer === 'context') report('platform', { from: here.name, to: target.name });
        return;
      }
      if (inHttp && target.layer === 'platform' && PERSISTENCE_PLATFORM.test(target.inner)) {
        report('translator', { ctx: here.name, to: `platform/${target.inner}` });
        return;
      }
      if (target.layer !== 'context') return;
      if (here.layer === 'context' && here.name === target.name) {
        const [from, to] = [layerOf(here.inner), layerOf(target.inner)];
        const forbidden = { domain: ['application', 'http'], application: ['http'] };
        if (forbidden[from]?.includes(to)) report('layer', { ctx: here.name, from, to, inner: target.inner });
        return;
      }

      if (entry(target.inner, 'testing')) {
        if (!mayUseTesting(here, file)) report('testing', { to: target.name });
        return;
      }
      if (entry(target.inner, 'index')) {
        if (here.layer === 'context') report('module', { to: target.name });
        return;
      }
      if (!isContracts(target.inner)) {
        report('internals', { from: here.name, to: target.name, inner: target.inner });
        return;
      }
      if (here.layer !== 'context' || isSpec(file)) return;
      const from = CONTEXT_ORDER.indexOf(here.name);
      const to = CONTEXT_ORDER.indexOf(target.name);
      if (from < 0) report('unlisted', { name: here.name });
      else if (to < 0) report('unlisted', { name: target.name });
      else if (to >= from) report('order', { from: here.name, to: target.name });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
