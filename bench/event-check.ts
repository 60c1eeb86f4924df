/**
 * The cost of checking a live event against its schema (`checkEvent`, which `recordEvent` runs
 * on every write that records an event), next to the `JSON.stringify` of the same data that
 * recording pays anyway. CPU time per call, so a busy machine inflates it less than wall time.
 * Prints figures, never passes or fails on them.
 *
 *   npx tsx bench/event-check.ts [calls]
 */
import { checkEvent } from '../server/events/record.ts';

const calls = Number(process.argv[2] ?? 20_000);
const id = () => crypto.randomUUID();
const at = new Date().toISOString();

function card(comments: number) {
  return {
    id: id(),
    title: 'Fix the sign-in page',
    description: 'Some words about it. '.repeat(20),
    assignee: id(),
    assigneeKind: 'human' as const,
    column: id(),
    priority: 'high' as const,
    labels: ['bug', 'frontend'],
    createdAt: at,
    updatedAt: at,
    checklist: Array.from({ length: 3 }, (_, i) => ({ text: `Step ${i}`, done: i === 0 })),
    archived: false,
    comments: Array.from({ length: comments }, () => ({ id: id(), author: 'Ada', at, text: 'A comment. '.repeat(4) })),
  };
}

/** CPU microseconds per call of `fn`, after a warm-up. */
function cpuPerCall(fn: () => unknown) {
  for (let i = 0; i < Math.min(calls, 3000); i++) fn();
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / calls;
}

const actor = { actorUserId: id(), clientId: 'tab-1' };
const cases: [string, string, Record<string, unknown>][] = [
  [
    'comment.created',
    'a comment',
    {
      projectId: id(),
      cardId: id(),
      comment: { id: id(), author: 'Ada', authorUserId: id(), at, text: 'Hello. '.repeat(40), parentId: null },
      ...actor,
    },
  ],
  ['card.updated', 'a card with 2 comments', { projectId: id(), card: card(2), ...actor }],
  ...[
    [2, 20],
    [5, 50],
    [20, 200],
  ].map(([comments, others]): [string, string, Record<string, unknown>] => [
    'card.created',
    `a card with ${comments} comments, column of ${others}`,
    {
      projectId: id(),
      card: card(comments!),
      columns: [{ id: id(), cardIds: Array.from({ length: others! }, id) }],
      ...actor,
    },
  ]),
];

console.log(`checkEvent against JSON.stringify of the same data, CPU µs per call (${calls} calls)`);
for (const [type, what, data] of cases) {
  const check = cpuPerCall(() => checkEvent(type, data));
  const stringify = cpuPerCall(() => JSON.stringify(data));
  console.log(
    `  ${`${type}, ${what}`.padEnd(52)} check ${check.toFixed(1).padStart(6)}   stringify ${stringify.toFixed(1).padStart(6)}`,
  );
}
