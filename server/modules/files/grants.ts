import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { agents, fileGrants, fileNodes } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { assertCan, requireCompany } from '../../policies/index.ts';
import { notify } from '../notifications/index.ts';
import { findNode, type NodeRow, presentNode } from './nodes.ts';
import type { FileGrant, FileNode } from './schemas.ts';

/**
 * Files granted to agents. A grant lets one agent of the company read a file, or a folder and
 * everything in it (now and later). Granting and revoking change who can read the node, so they
 * follow the node's own rule: its author or a company admin. Every member can see the grants.
 * An agent acting with its own credentials (the agents feature) sees exactly the nodes
 * `agentCanRead` allows and lists them with `listAgentFiles`.
 */

const grantColumns = {
  id: fileGrants.id,
  agentId: fileGrants.agentId,
  nodeId: fileGrants.nodeId,
  grantedBy: fileGrants.grantedByUserId,
  createdAt: fileGrants.createdAt,
  nodeName: fileNodes.name,
  nodeType: fileNodes.type,
  agentName: agents.name,
  agentStatus: agents.status,
};

type GrantRow = {
  id: string;
  agentId: string;
  nodeId: string;
  grantedBy: string | null;
  createdAt: Date;
  nodeName: string;
  nodeType: 'folder' | 'file';
  agentName: string;
  agentStatus: 'active' | 'paused' | 'completed';
};

function presentGrant(row: GrantRow): FileGrant {
  return {
    id: row.id,
    agentId: row.agentId,
    nodeId: row.nodeId,
    grantedBy: row.grantedBy,
    createdAt: row.createdAt.toISOString(),
    node: { id: row.nodeId, name: row.nodeName, type: row.nodeType },
    agent: { id: row.agentId, name: row.agentName, status: row.agentStatus },
  };
}

function grantQuery(db: Executor) {
  return db
    .select(grantColumns)
    .from(fileGrants)
    .innerJoin(fileNodes, eq(fileNodes.id, fileGrants.nodeId))
    .innerJoin(agents, eq(agents.id, fileGrants.agentId));
}

async function findAgent(db: Executor, companyId: string, agentId: string) {
  const [agent] = await db
    .select({
      id: agents.id,
      name: agents.name,
      status: agents.status,
      managerKind: agents.managerKind,
      managerId: agents.managerId,
    })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.companyId, companyId)))
    .limit(1);
  if (!agent) throw notFound('Agent not found');
  return agent;
}

function assertCanShare(actor: Actor, node: NodeRow) {
  assertCan(actor.principal, 'changeFile', { companyId: node.companyId, authorUserId: node.authorUserId });
}

/**
 * Grants a node to an agent: 201 with the new grant, or 200 with the one that already exists.
 * The agent must be of the caller's company (404 otherwise) and not completed (409). A new grant
 * tells the agent (`agent.file.granted`, its stream) and the person responsible for it
 * (`file_granted`, unless they granted it themselves, or the agent's manager is an agent), in the
 * grant's transaction.
 */
export async function grantFile(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  nodeId: string,
): Promise<{ grant: FileGrant; created: boolean }> {
  const company = requireCompany(actor.principal);
  const agent = await findAgent(ctx.db, company.id, agentId);
  if (agent.status === 'completed') throw conflict(`${agent.name} is completed and takes no more work`);
  const node = await findNode(ctx.db, actor.principal, company.id, nodeId).catch(() => {
    throw invalidField('nodeId', 'is not a file or folder of your drive');
  });
  if (node.status !== 'ready') throw invalidField('nodeId', 'is still uploading');
  assertCanShare(actor, node);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(fileGrants)
      .values({ companyId: company.id, agentId, nodeId, grantedByUserId: actor.principal.user.id })
      .onConflictDoNothing()
      .returning({ id: fileGrants.id });
    const [row] = await grantQuery(tx)
      .where(and(eq(fileGrants.agentId, agentId), eq(fileGrants.nodeId, nodeId)))
      .limit(1);
    if (!row) throw notFound('Grant not found');
    if (inserted.length > 0) {
      // The agent hears of it on its stream; its responsible person in their inbox.
      await recordEvent(tx, actor, 'agent.file.granted', { agentId, nodeId }, { agentId });
      if (agent.managerKind === 'human' && agent.managerId) {
        await notify(tx, actor, [
          {
            type: 'file_granted',
            userId: agent.managerId,
            thing: { kind: 'file', id: node.id, title: node.name },
            snippet:
              node.type === 'folder'
                ? `${agent.name} can now read this folder and everything in it.`
                : `${agent.name} can now read this file.`,
            link: { fileId: node.id, agentId },
          },
        ]);
      }
    }
    return { grant: presentGrant(row), created: inserted.length > 0 };
  });
}

/** An agent's grants, newest first (grants of nodes in the trash are not listed: they do not apply). */
export async function listAgentGrants(ctx: AppContext, actor: Actor, agentId: string): Promise<FileGrant[]> {
  const company = requireCompany(actor.principal);
  await findAgent(ctx.db, company.id, agentId);
  const found = await grantQuery(ctx.db)
    .where(and(eq(fileGrants.agentId, agentId), eq(fileGrants.companyId, company.id), isNull(fileNodes.trashedAt)))
    .orderBy(desc(fileGrants.createdAt));
  return found.map(presentGrant);
}

/** The grants that reach a node: on it, and on the folders above it (`nodeId` tells which). */
export async function listNodeGrants(ctx: AppContext, actor: Actor, nodeId: string): Promise<FileGrant[]> {
  const company = requireCompany(actor.principal);
  const node = await findNode(ctx.db, actor.principal, company.id, nodeId);
  const found = await grantQuery(ctx.db)
    .where(and(eq(fileGrants.companyId, company.id), sql`${fileGrants.nodeId} in (${ancestorsAndSelf(node.id)})`))
    .orderBy(desc(fileGrants.createdAt));
  return found.map(presentGrant);
}

/** Revokes a grant; its node's author or a company admin. */
export async function revokeGrant(ctx: AppContext, actor: Actor, agentId: string, grantId: string): Promise<void> {
  const company = requireCompany(actor.principal);
  const [grant] = await ctx.db
    .select({ id: fileGrants.id, node: fileNodes })
    .from(fileGrants)
    .innerJoin(fileNodes, eq(fileNodes.id, fileGrants.nodeId))
    .where(and(eq(fileGrants.id, grantId), eq(fileGrants.agentId, agentId), eq(fileGrants.companyId, company.id)))
    .limit(1);
  if (!grant) throw notFound('Grant not found');
  assertCanShare(actor, grant.node);
  await ctx.db.delete(fileGrants).where(eq(fileGrants.id, grantId));
}

function ancestorsAndSelf(nodeId: string) {
  return sql`with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${fileNodes} where id = ${nodeId}
      union all
      select n.id, n.parent_id, up.depth + 1 from ${fileNodes} n join up on n.id = up.parent_id where up.depth < 1000
    ) select id from up`;
}

/**
 * Whether an agent may read a node: it, or a folder above it, is granted to the agent, and it is
 * live (not in the trash, not a pending upload).
 */
export async function agentCanRead(db: Executor, agentId: string, nodeId: string): Promise<boolean> {
  const found = rows<{ ok: boolean }>(
    await db.execute(sql`select exists (
        select 1 from ${fileGrants} g
        join ${fileNodes} n on n.id = ${nodeId} and n.trashed_at is null and n.status = 'ready'
        where g.agent_id = ${agentId} and g.company_id = n.company_id and g.node_id in (${ancestorsAndSelf(nodeId)})
      ) as ok`),
  );
  return found[0]?.ok === true;
}

/**
 * What an agent sees of the drive: without `parentId`, the nodes granted to it (its "root"); with
 * a folder it may read, that folder's live children. A folder it may not read is 404.
 */
export async function listAgentFiles(db: Executor, agentId: string, parentId?: string): Promise<FileNode[]> {
  if (parentId) {
    if (!(await agentCanRead(db, agentId, parentId))) throw notFound('File not found');
    const found = await db
      .select()
      .from(fileNodes)
      .where(and(eq(fileNodes.parentId, parentId), isNull(fileNodes.trashedAt), eq(fileNodes.status, 'ready')))
      .orderBy(fileNodes.type, sql`lower(${fileNodes.name})`);
    return found.map(presentNode);
  }
  const found = await db
    .select({ node: fileNodes })
    .from(fileGrants)
    .innerJoin(fileNodes, eq(fileNodes.id, fileGrants.nodeId))
    .where(and(eq(fileGrants.agentId, agentId), isNull(fileNodes.trashedAt), eq(fileNodes.status, 'ready')))
    .orderBy(fileNodes.type, sql`lower(${fileNodes.name})`);
  return found.map(({ node }) => presentNode(node));
}
