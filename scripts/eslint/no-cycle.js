// @ts-check
/**
 * `workspace/no-cycle`: no import cycle, counting type-only imports too.
 *
 * `import-x/no-cycle` skips `import type` (and `import { type X }`, `export type … from`) on every
 * hop and has no option to count them (4.x: its only options are `maxDepth`, `ignoreExternal` and
 * `allowUnsafeDynamicCyclicDependency`). A type-only cycle costs nothing at run time, but it is
 * still two layers that point at each other, and the next value import along it is a real cycle.
 * This rule walks the same module graph (import-x's `ModuleInfo`, with the project's resolver
 * settings) over every static import, re-export and `import()`, type-only or not, and reports an
 * import of the linted file whose target leads back to it.
 */
import { ModuleInfo } from 'eslint-plugin-import-x/core/index';
import { isExternalModule, moduleVisitor, resolve } from 'eslint-plugin-import-x/utils';

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [
      {
        type: 'object',
        properties: { ignoreExternal: { type: 'boolean', description: 'Do not follow packages.' } },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Dependency cycle (type-only imports count): {{route}}' },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    /** @type {{ ignoreExternal?: boolean }} */
    const options = context.options[0] ?? {};
    // import-x's helpers are typed against typescript-eslint's context; ESLint's is the same object.
    const importContext = /** @type {any} */ (context);
    /** @param {string} source */
    const ignored = (source) =>
      options.ignoreExternal === true &&
      // As import-x's rule does: an unresolved path is passed on as is.
      isExternalModule(source, /** @type {string} */ (resolve(source, importContext)), importContext);
    /**
     * Modules already searched from this file without finding it (the same graph serves every
     * import of the file), as import-x's rule does.
     * @type {Set<string>}
     */
    const searched = new Set();

    const visitor = moduleVisitor((source, importer) => {
      if (typeof source.value !== 'string' || ignored(source.value)) return;
      const imported = ModuleInfo.get(source.value, importContext);
      if (imported == null || imported.path === filename || searched.has(imported.path)) return;
      searched.add(imported.path);
      /** @type {{ path: string, info: () => ModuleInfo | null, route: string[] }[]} */
      const queue = [{ path: imported.path, info: () => imported, route: [source.value] }];
      while (queue.length > 0) {
        const next = /** @type {(typeof queue)[number]} */ (queue.shift());
        const info = next.info();
        if (info == null) continue;
        for (const [path, { resolve: load, declarations }] of info.getImports()) {
          if (searched.has(path)) continue;
          const edges = [...declarations].filter((declaration) => !ignored(String(declaration.source.value)));
          if (edges.length === 0) continue;
          if (path === filename) {
            // What was queued but not searched may still lead back here from another import.
            for (const waiting of queue) searched.delete(waiting.path);
            context.report({
              node: /** @type {any} */ (importer),
              messageId: 'cycle',
              data: { route: [...next.route, String(edges[0]?.source.value)].join(' -> ') },
            });
            return;
          }
          searched.add(path);
          queue.push({ path, info: load, route: [...next.route, String(edges[0]?.source.value)] });
        }
      }
    });
    return /** @type {import('eslint').Rule.RuleListener} */ ({
      ...visitor,
      'Program:exit'() {
        searched.clear();
      },
    });
  },
};
