/**
 * A reference to a member of the company (a person or an agent) as requests give it, defined
 * once: the organization's routes (team lead, manager) and the agents' (responsible) use this one
 * schema, so the contract publishes exactly what the server validates. `kind` may be left out
 * (the spec leaves it open): ids are UUIDs, so the id alone finds the member.
 */
import { z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agents, users } from '../../db/schema.ts';
import { invalidField } from '../../http/errors.ts';
import type { MemberRef } from './chart.ts';

export const MemberRefInput = z
  .object({
    kind: z.enum(['human', 'agent']).optional().openapi({ description: 'Optional: found from the id when absent.' }),
    id: z.uuid(),
  })
  .strict()
  .openapi('MemberRefInput');

/** A member reference resolved in the company (the kind found from the id when not given), or 400 at `<field>.id`. */
export async function resolveMember(
  db: Executor,
  companyId: string,
  ref: { kind?: 'human' | 'agent'; id: string },
  field: string,
): Promise<MemberRef & { name: string }> {
  if (ref.kind !== 'agent') {
    const [user] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, ref.id), eq(users.companyId, companyId)));
    if (user) return { kind: 'human', id: user.id, name: user.name };
    if (ref.kind === 'human') throw invalidField(`${field}.id`, 'is not a person of your company');
  }
  const [agent] = await db
    .select({ id: agents.id, name: agents.name })
    .from(agents)
    .where(and(eq(agents.id, ref.id), eq(agents.companyId, companyId)));
  if (agent) return { kind: 'agent', id: agent.id, name: agent.name };
  throw invalidField(`${field}.id`, 'is not a member of your company');
}
