// ESLint rule: a bounded context is reached from outside only through its index.ts, and the
// platform and shared kernel never depend on a context. See docs/adr/0002-modular-monolith.md.
import path from 'node:path';

function locate(file) {
  const parts = path.resolve(file).split(path.sep);
  const src = parts.lastIndexOf('src');
  if (src < 0) return null;
  const rest = parts.slice(src + 1);
  if (rest[0] === 'contexts' && rest.length > 2) return { layer: 'context', name: rest[1], inner: rest.slice(2).join('/') };
  if (rest[0] === 'platform' || rest[0] === 'shared-kernel') return { layer: rest[0], name: rest[0], inner: rest.slice(1).join('/') };
  // The schema history: plain SQL migrations, which the platform's database module runs.
  if (rest[0] === 'migrations') return { layer: 'migrations', name: 'migrations', inner: rest.slice(1).join('/') };
  return { layer: 'app', name: 'app', inner: rest.join('/') };
}

export default {
  meta: {
    type: 'problem',
    messages: {
      internals: "Le contexte '{{from}}' importe l'intérieur du contexte '{{to}}' ({{inner}}) : passez par son index.ts ou par un événement.",
      platform: "'{{from}}' ne doit dépendre d'aucun contexte (import de '{{to}}').",
    },
    schema: [],
  },
  create(context) {
    const here = locate(context.filename);
    if (!here) return {};
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = locate(path.resolve(path.dirname(context.filename), source));
      if (!target) return;
      // The platform and the shared kernel sit below everything: no context, and not the app's
      // composition root (app.module, create-app), which imports every context.
      if ((here.layer === 'platform' || here.layer === 'shared-kernel') && target.layer === 'app') {
        if (!here.inner.startsWith('testing/')) context.report({ node, messageId: 'platform', data: { from: here.name, to: target.inner } });
        return;
      }
      if (target.layer !== 'context') return;
      if (here.layer === 'platform' || here.layer === 'shared-kernel') {
        if (!here.inner.startsWith('testing/')) context.report({ node, messageId: 'platform', data: { from: here.name, to: target.name } });
        return;
      }
      if (here.layer === 'context' && here.name === target.name) return;
      if (target.inner === 'index.js' || target.inner === 'index.ts' || target.inner === 'index') return;
      context.report({ node, messageId: 'internals', data: { from: here.name, to: target.name, inner: target.inner } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
