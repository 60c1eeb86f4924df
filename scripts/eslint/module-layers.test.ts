import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { MODULE_LAYERS } from './module-layers.js';
import { layerIndex, moduleLayers } from './module-layers-rule.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const layers = [
  { name: 'base', about: '', modules: ['notifications', 'search'] },
  { name: 'work', about: '', modules: ['cards', 'comments'] },
  { name: 'top', about: '', modules: ['wiki'] },
];
const options = [{ root: 'server/modules', layers }];
const file = (path: string) => join(process.cwd(), path);
const cards = file('server/modules/cards/service.ts');

describe('workspace/module-layers', () => {
  tester.run('module-layers', moduleLayers, {
    valid: [
      // Down a layer, or two.
      { code: "import { notify } from '../notifications/index.ts';", filename: cards, options },
      { code: "import { x } from '../cards/index.ts';", filename: file('server/modules/wiki/service.ts'), options },
      {
        code: "import { x } from '../../notifications/index.ts';",
        filename: file('server/modules/wiki/a/b.ts'),
        options,
      },
      // Within a module, and anything outside the modules.
      { code: "import { presentCard } from './present.ts';", filename: cards, options },
      { code: "import { recordEvent } from '../../events/record.ts';", filename: cards, options },
      { code: "import { z } from '@hono/zod-openapi';", filename: cards, options },
      // Files outside the modules are not held to it (app.ts assembles them all).
      { code: "import { x } from './modules/wiki/index.ts';", filename: file('server/app.ts'), options },
    ],
    invalid: [
      {
        code: "import { x } from '../wiki/index.ts';",
        filename: cards,
        options,
        errors: [
          {
            message:
              'server/modules/cards (layer work) may not import server/modules/wiki (layer top): a module imports only modules of the layers below its own (scripts/eslint/module-layers.js). If wiki must act when cards changes, let cards raise a reaction that wiki registers (server/reactions.ts).',
          },
        ],
      },
      // Type-only imports, re-exports and import() count too, and files that do not exist.
      {
        code: "import type { X } from '../wiki/index.ts';",
        filename: cards,
        options,
        errors: [{ messageId: 'upward' }],
      },
      { code: "export { x } from '../wiki/index.ts';", filename: cards, options, errors: [{ messageId: 'upward' }] },
      { code: "export * from '../wiki/gone.ts';", filename: cards, options, errors: [{ messageId: 'upward' }] },
      {
        code: "const wiki = await import('../wiki/index.ts');",
        filename: cards,
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        code: "import { x } from '../comments/index.ts';",
        filename: cards,
        options,
        errors: [
          {
            message:
              'server/modules/cards may not import server/modules/comments: both are in layer work, whose modules do not import each other (scripts/eslint/module-layers.js). Move one of them, or what is shared, to another layer.',
          },
        ],
      },
      {
        code: "import { x } from '../../modules/wiki/index.ts';",
        filename: file('server/modules/notifications/notify.ts'),
        options,
        errors: [{ messageId: 'upward' }],
      },
      // A module missing from the table, importing or imported.
      {
        code: "import { x } from '../search/index.ts';",
        filename: file('server/modules/newcomer/service.ts'),
        options,
        errors: [{ messageId: 'unknown', data: { name: 'newcomer' } }],
      },
      {
        code: "import { x } from '../newcomer/index.ts';",
        filename: cards,
        options,
        errors: [{ messageId: 'unknown', data: { name: 'newcomer' } }],
      },
    ],
  });

  it('refuses a table that puts a module in two layers', () => {
    expect(() => layerIndex([...layers, { name: 'again', about: '', modules: ['cards'] }])).toThrow(
      'module-layers: "cards" is in layer work and in again',
    );
  });
});

describe('MODULE_LAYERS', () => {
  it('puts every module of server/modules in exactly one layer, and names no other', () => {
    const folders = readdirSync(file('server/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const declared = MODULE_LAYERS.flatMap((layer) => layer.modules);
    expect([...declared].sort()).toEqual(folders);
    expect(layerIndex(MODULE_LAYERS).size).toBe(declared.length);
  });
});
