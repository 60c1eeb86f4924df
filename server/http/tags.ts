/**
 * The contract's tags, in the order the API reference lists them. Every tag an operation uses must
 * be declared here with a description: `npm run lint:contract` (Redocly's `operation-tag-defined`
 * and `tag-description`) fails otherwise.
 */
export const API_TAGS = [
  {
    name: 'Authentication',
    description:
      'Signing up (with an invitation, or creating a company), signing in with email and password for a session token, and signing out; the public invitation preview and email check. The token (or an API key) goes in `Authorization: Bearer …` on every other operation.',
  },
  {
    name: 'Users',
    description: 'The signed-in user: who they are, their company and role, their profile and their account.',
  },
  { name: 'Home', description: 'What the home page shows the caller: their cards and recent activity on them.' },
  {
    name: 'API keys',
    description:
      'Keys for scripts and agents, `read` or `write` scoped. Managed with a signed-in session only: keys cannot manage keys.',
  },
  { name: 'Company', description: 'The people, agents and teams of the caller’s company.' },
  {
    name: 'Organization',
    description:
      'The organization chart (people and agents as one kind of node, teams with their leads, who reports to whom, and warnings about the structure), the admin writes that change it — each answering the recomputed chart — and people administration: roles, removal, invitations.',
  },
  {
    name: 'Agents',
    description:
      'The company’s agents: programs outside the server that act through this API with their own tokens (`agt_…`). Their profiles and status (admins), tokens (admins and the responsible person), chat sessions with people (private to the person and the agent), replies that stream in pieces with the steps the agent took, thumbs up/down feedback, cards delegated to them, and each agent’s event stream of work.',
  },
  {
    name: 'Integrations',
    description:
      'Tools the company (or one person) has connected — their credentials sealed at rest and never returned — and the grants that let an agent use them, within a scope, a list of tools and constraints, until an expiry.',
  },
  {
    name: 'Automation',
    description:
      'What wakes an agent besides people: schedules (cron expressions in a time zone, fired once per time by the server) and webhook endpoints that outside systems post signed JSON to; their runs and deliveries, and the outcomes the agent reports.',
  },
  { name: 'Projects', description: 'Projects (boards) and their columns.' },
  { name: 'Cards', description: 'The cards of a project’s board: creating, editing, archiving and moving them.' },
  { name: 'Card comments', description: 'Comment threads on a card: one level of replies, resolvable.' },
  {
    name: 'Wiki',
    description:
      'A project’s wiki: a tree of Markdown pages with revisions (saves name their base revision, so none is lost), and comment threads anchored to passages.',
  },
  {
    name: 'Files',
    description:
      'The company’s drive: folders and files every member can list and download; their author or a company admin renames, moves and deletes them. Uploads take four steps (create the node, get a signed URL, PUT the bytes, complete); downloads go through signed URLs. Files and folders can be granted to agents.',
  },
  {
    name: 'Credits',
    description:
      'The company’s credits: two balances (included credits from the plan, renewed each period and used first; purchased credits, kept until used), the ledger of every movement, usage, admins’ grants and adjustments, and credit packs bought through Stripe Checkout. Agent work costs credits; without them it is refused with 402 `CREDITS_EXHAUSTED`.',
  },
  {
    name: 'Subscriptions',
    description:
      'The company’s plan and billing period: plans, the current subscription, plan changes and cancellation. Every non-GET operation under `/subscriptions/*` needs a signed-in admin (403 `API_KEY_FORBIDDEN` to every key).',
  },
  {
    name: 'Notifications',
    description:
      'The live event stream of the caller’s company (Server-Sent Events), and each person’s own notifications: mentions, replies, assignments, agents’ work, grants, credits; read state, snoozes, mutes and email preferences.',
  },
  { name: 'Search', description: 'One search over the caller’s company.' },
  {
    name: 'Content',
    description:
      'The company’s public-site content — articles, changelog entries and help pages in Markdown — written by admins (members read), published and unpublished; the content keys (`cak_…`, admins, signed in) a site reads with; and the content API under `/content/*`, which only a live content key opens and which serves published items only, cacheable (`ETag`, `Cache-Control`).',
  },
  {
    name: 'Newsletter',
    description:
      'Newsletter signup for the company’s public site, with double opt-in: the public signup (answering the same whatever the address’s state), the confirmation and unsubscribe links of its emails, and the admins’ list, CSV export and erasure of subscribers.',
  },
  {
    name: 'MCP',
    description:
      'The Model Context Protocol endpoint: MCP clients (Claude Desktop, Cursor, the MCP Inspector, agent runners) list and call the operations of this API as tools, grouped into toolsets, with the same Bearer header.',
  },
  { name: 'System', description: 'The contract itself and the server’s health. Public.' },
];
