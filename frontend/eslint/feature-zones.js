// ESLint rule: the front end's layers and zones (style habit 10, docs/adr/0010-front-end-delivery.md).
// src/ builds upward, as bulletproof-react's does: app → areas → features → layout → components
// → lib. A file imports only from its own layer or the ones below it: the app composes (router,
// providers, store, guards, theme), the role areas compose features, and the shared code (layout,
// components, lib) reaches no feature, area or app. Each folder of src/features/ is a zone that
// imports no other feature, however the path is written (relative, an alias, or the other
// feature's index); the areas and the app reach a feature only through its index.ts. Every import
// is resolved to a file of src/ before it is judged, so `../enrolment`,
// `../../features/enrolment/x` and `@/features/enrolment` are the same import. Files outside the
// layers (main.tsx, the test helpers of src/test/) are not judged.
import path from 'node:path';

/** Import prefixes that stand for src/ (none is configured today; kept so one cannot slip by). */
const SRC_ALIASES = ['@/', '~/', 'src/', '/src/'];
/** The layers, lowest first: a file may import its own layer and those before it. */
const LAYERS = ['lib', 'components', 'layout', 'features', 'areas', 'app'];
const rank = (top) => LAYERS.indexOf(top);

/** Where a file of src/ sits: its top folder and, in features/ or areas/, its zone and the rest. */
function locate(file) {
  const parts = path.resolve(file).split(path.sep);
  const src = parts.lastIndexOf('src');
  if (src < 0) return null;
  const [top, zone, ...rest] = parts.slice(src + 1);
  if (top === 'features' || top === 'areas') return { top, zone, inner: rest.join('/') };
  return { top: parts.length - src - 1 > 1 ? top : 'root', zone: null, inner: '' };
}

function srcRoot(file) {
  const parts = path.resolve(file).split(path.sep);
  const src = parts.lastIndexOf('src');
  return src < 0 ? null : parts.slice(0, src + 1).join(path.sep);
}

/** The file of src/ an import names, or null for a package. */
function resolveImport(filename, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(filename), source);
  const alias = SRC_ALIASES.find((prefix) => source.startsWith(prefix));
  const root = srcRoot(filename);
  return alias && root ? path.join(root, source.slice(alias.length)) : null;
}

const isIndex = (inner) => inner === '' || /^index(\.tsx?|\.js)?$/.test(inner);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports point down the layers; features never import each other; others reach a feature through its index.ts.' },
    messages: {
      upward:
        "src/{{from}} n'importe pas src/{{to}} : les imports descendent (app → areas → features → layout → components → lib) ; déplacez la pièce commune plus bas ou recevez-la en propriété.",
      crossFeature:
        "La fonctionnalité '{{from}}' n'importe pas la fonctionnalité '{{to}}' : composez-les dans une zone (src/areas) ou déplacez la pièce commune dans src/components.",
      internals: "Importez la fonctionnalité '{{to}}' par son index.ts, pas par '{{inner}}'.",
    },
    schema: [],
  },
  create(context) {
    const here = locate(context.filename);
    if (!here) return {};
    function check(node, source) {
      if (typeof source !== 'string' || rank(here.top) < 0) return;
      const file = resolveImport(context.filename, source);
      const target = file && locate(file);
      if (!target || rank(target.top) < 0) return;
      if (rank(target.top) > rank(here.top)) {
        const to = target.zone ? `${target.top}/${target.zone}` : target.top;
        context.report({ node, messageId: 'upward', data: { from: here.top, to } });
        return;
      }
      if (target.top !== 'features') return;
      if (here.top === 'features') {
        if (target.zone !== here.zone) {
          context.report({ node, messageId: 'crossFeature', data: { from: here.zone, to: target.zone } });
        }
        return;
      }
      // Areas and the app compose features, through the index only.
      if (!isIndex(target.inner)) {
        context.report({ node, messageId: 'internals', data: { to: target.zone, inner: target.inner } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
