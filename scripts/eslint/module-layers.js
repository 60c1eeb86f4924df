// @ts-check
/**
 * The layers of the server's modules (`server/modules/<name>/`), lowest first: the one table that
 * `workspace/module-layers` (module-layers-rule.js) enforces and docs/architecture.md describes.
 *
 * A module may import a module of a lower layer only (through its index.ts). Two modules of the
 * same layer never import each other: when one comes to need the other, it belongs a layer up
 * (or what it needs, a layer down). A module standing on nothing goes in the lowest layer it fits;
 * a new module must be added here before it lints.
 *
 * Work that a lower module's change causes in a higher one (a card given to an agent opens a
 * session) is not an import: it is a reaction, raised with `react(…)` (server/events/reactions.ts)
 * and listed in server/reactions.ts.
 *
 * @typedef {{ name: string, about: string, modules: readonly string[] }} ModuleLayer
 */

/** @type {readonly ModuleLayer[]} */
export const MODULE_LAYERS = [
  {
    name: 'foundation',
    about: 'stand on no other module: sign-in, people, keys, the search contract, the inbox and mentions',
    modules: ['auth', 'users', 'api-keys', 'system', 'docs', 'search', 'notifications', 'content', 'mcp'],
  },
  {
    name: 'ledger',
    about:
      'what the others read and charge against: the credit ledger and metering, the activity read from the event log, member search, the newsletter',
    modules: ['credits', 'activity', 'members', 'newsletter'],
  },
  {
    name: 'directory',
    about: 'the company: people, teams, invitations, the chart',
    modules: ['organization'],
  },
  {
    name: 'work',
    about: 'what people and agents work on: cards, their comments, files',
    modules: ['cards', 'comments', 'files'],
  },
  {
    name: 'composites',
    about: 'built of the work: boards (projects), the wiki, Home',
    modules: ['projects', 'wiki', 'home'],
  },
  {
    name: 'actors',
    about: 'the agents, who act on the work: handed cards and mentions by reactions, never called by the work',
    modules: ['agents'],
  },
  {
    name: 'automation',
    about: 'what runs agents from outside: schedules, webhooks, integrations',
    modules: ['automation', 'integrations'],
  },
];
