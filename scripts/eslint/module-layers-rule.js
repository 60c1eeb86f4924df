// @ts-check
/**
 * `workspace/module-layers`: a file of `server/modules/a/` may import `server/modules/b/` only when
 * b's layer is below a's (the layers: module-layers.js). Every import counts: static, type-only,
 * re-exports and `import()`. Imports within a module, and of anything outside the modules, are not
 * this rule's business (the index.ts-only rule and `workspace/no-cycle` have those).
 *
 * Modules reach each other by relative paths (`../cards/index.ts`; the server has no path alias),
 * so the imported module is read from the path, without resolving the file: an import of a file
 * that does not exist is still checked.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { moduleVisitor } from 'eslint-plugin-import-x/utils';

/** @typedef {import('./module-layers.js').ModuleLayer} ModuleLayer */

/**
 * Each module's layer, by module name; throws on a module declared twice (a mistake in the table).
 * @param {readonly ModuleLayer[]} layers
 */
export function layerIndex(layers) {
  /** @type {Map<string, { layer: string, rank: number }>} */
  const index = new Map();
  layers.forEach((layer, rank) => {
    for (const name of layer.modules) {
      const other = index.get(name);
      if (other) throw new Error(`module-layers: "${name}" is in layer ${other.layer} and in ${layer.name}`);
      index.set(name, { layer: layer.name, rank });
    }
  });
  return index;
}

/**
 * The module a file belongs to: the first folder under `root`, or null outside it (and for files
 * directly in it).
 * @param {string} root
 * @param {string} file
 */
function moduleOf(root, file) {
  const path = relative(root, file);
  const parts = path.split(sep);
  if (parts.length < 2 || parts[0] === '..' || parts[0] === '') return null;
  return parts[0] ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const moduleLayers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A server module imports only modules of the layers below its own (scripts/eslint/module-layers.js).',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'The modules folder, from the working directory.' },
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                about: { type: 'string' },
                modules: { type: 'array', items: { type: 'string' } },
              },
              required: ['name', 'modules'],
            },
          },
        },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        'server/modules/{{from}} (layer {{fromLayer}}) may not import server/modules/{{to}} (layer {{toLayer}}): a module imports only modules of the layers below its own (scripts/eslint/module-layers.js). If {{to}} must act when {{from}} changes, let {{from}} raise a reaction that {{to}} registers (server/reactions.ts).',
      sameLayer:
        'server/modules/{{from}} may not import server/modules/{{to}}: both are in layer {{fromLayer}}, whose modules do not import each other (scripts/eslint/module-layers.js). Move one of them, or what is shared, to another layer.',
      unknown:
        'server/modules/{{name}} is in no layer: add it to the table in scripts/eslint/module-layers.js (and docs/architecture.md).',
    },
  },
  create(context) {
    /** @type {{ root?: string, layers: readonly ModuleLayer[] }} */
    const options = context.options[0];
    const root = resolve(context.cwd, options.root ?? 'server/modules');
    const from = moduleOf(root, context.physicalFilename);
    if (from === null) return {};
    const index = layerIndex(options.layers);
    const fromLayer = index.get(from);
    const visitor = moduleVisitor((source) => {
      if (typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = moduleOf(root, resolve(dirname(context.physicalFilename), source.value));
      if (to === null || to === from) return;
      const node = /** @type {any} */ (source);
      if (!fromLayer) return context.report({ node, messageId: 'unknown', data: { name: from } });
      const toLayer = index.get(to);
      if (!toLayer) return context.report({ node, messageId: 'unknown', data: { name: to } });
      if (toLayer.rank < fromLayer.rank) return;
      context.report({
        node,
        messageId: toLayer.rank === fromLayer.rank ? 'sameLayer' : 'upward',
        data: { from, fromLayer: fromLayer.layer, to, toLayer: toLayer.layer },
      });
    });
    return /** @type {import('eslint').Rule.RuleListener} */ (visitor);
  },
};
