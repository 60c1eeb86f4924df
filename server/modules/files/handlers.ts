import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import type { AppEnv, Principal } from '../../types.ts';
import { agents } from '../../db/schema.ts';
import { actorOf } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';
import { agentCanRead, grantFile, listAgentFiles, listAgentGrants, listNodeGrants, revokeGrant } from './grants.ts';
import {
  completeUploadRoute,
  createFileNodeRoute,
  createUploadUrlRoute,
  deleteFileNodeRoute,
  getDownloadUrlRoute,
  getFileNodeRoute,
  getFileUsageRoute,
  grantFileRoute,
  listAgentFileGrantsRoute,
  listAgentFilesRoute,
  listFileNodeGrantsRoute,
  listFilesRoute,
  listFileTrashRoute,
  restoreFileNodeRoute,
  revokeFileGrantRoute,
  updateFileNodeRoute,
} from './routes.ts';
import { listChildren } from './listing.ts';
import { createDownloadUrl, driveUsage, getNode, updateNode } from './service.ts';
import { deleteNode, listTrash, restoreNode } from './trash.ts';
import { completeUpload, createNode, createUploadUrl } from './uploads.ts';

/** An agent token reaches its own agent's files only: another agent does not exist for it. */
function ownAgentOnly(principal: Principal, agentId: string) {
  if (principal.agent && principal.agent.id !== agentId) throw notFound('Agent not found');
}

export function registerFileRoutes(app: OpenAPIHono<AppEnv>) {
  // The fixed paths first: `usage` and `trash` are not node ids.
  app.openapi(getFileUsageRoute, async (c) => c.json(await driveUsage(c.get('ctx'), actorOf(c)), 200));

  app.openapi(listFileTrashRoute, async (c) =>
    c.json({ nodes: await listTrash(c.get('ctx'), actorOf(c), c.req.valid('query').limit) }, 200),
  );

  app.openapi(listFilesRoute, async (c) =>
    c.json(await listChildren(c.get('ctx'), actorOf(c), c.req.valid('query')), 200),
  );

  app.openapi(createFileNodeRoute, async (c) =>
    c.json(await createNode(c.get('ctx'), actorOf(c), c.req.valid('json')), 201),
  );

  app.openapi(getFileNodeRoute, async (c) =>
    c.json(await getNode(c.get('ctx'), actorOf(c), c.req.valid('param').nodeId), 200),
  );

  app.openapi(createUploadUrlRoute, async (c) =>
    c.json(await createUploadUrl(c.get('ctx'), actorOf(c), c.req.valid('param').nodeId), 200),
  );

  app.openapi(completeUploadRoute, async (c) => {
    const body = c.req.valid('json') ?? {};
    return c.json(await completeUpload(c.get('ctx'), actorOf(c), c.req.valid('param').nodeId, body), 200);
  });

  app.openapi(getDownloadUrlRoute, async (c) => {
    const inline = c.req.valid('query').inline === 'true';
    const { agent } = c.get('principal');
    // An agent reads what was granted to it, and nothing else of the drive.
    if (agent && !(await agentCanRead(c.get('ctx').db, agent.id, c.req.valid('param').nodeId))) {
      throw notFound('File not found');
    }
    return c.json(await createDownloadUrl(c.get('ctx'), actorOf(c), c.req.valid('param').nodeId, inline), 200);
  });

  app.openapi(updateFileNodeRoute, async (c) =>
    c.json(await updateNode(c.get('ctx'), actorOf(c), c.req.valid('param').nodeId, c.req.valid('json')), 200),
  );

  app.openapi(deleteFileNodeRoute, async (c) =>
    c.json(await deleteNode(c.get('ctx'), actorOf(c), c.req.valid('param').nodeId), 200),
  );

  app.openapi(restoreFileNodeRoute, async (c) =>
    c.json(await restoreNode(c.get('ctx'), actorOf(c), c.req.valid('param').nodeId), 200),
  );

  app.openapi(listFileNodeGrantsRoute, async (c) =>
    c.json({ grants: await listNodeGrants(c.get('ctx'), actorOf(c), c.req.valid('param').nodeId) }, 200),
  );

  app.openapi(grantFileRoute, async (c) => {
    const { grant, created } = await grantFile(
      c.get('ctx'),
      actorOf(c),
      c.req.valid('param').agentId,
      c.req.valid('json').nodeId,
    );
    return created ? c.json(grant, 201) : c.json(grant, 200);
  });

  app.openapi(listAgentFileGrantsRoute, async (c) => {
    const { agentId } = c.req.valid('param');
    ownAgentOnly(c.get('principal'), agentId);
    return c.json({ grants: await listAgentGrants(c.get('ctx'), actorOf(c), agentId) }, 200);
  });

  app.openapi(listAgentFilesRoute, async (c) => {
    const { agentId } = c.req.valid('param');
    const principal = c.get('principal');
    ownAgentOnly(principal, agentId);
    const company = requireCompany(principal);
    const ctx = c.get('ctx');
    // A member asks about an agent of their company.
    const [agent] = await ctx.db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.id, agentId), eq(agents.companyId, company.id)));
    if (!agent) throw notFound('Agent not found');
    return c.json(await listAgentFiles(ctx.db, agentId, c.req.valid('query').parentId), 200);
  });

  app.openapi(revokeFileGrantRoute, async (c) => {
    const { agentId, grantId } = c.req.valid('param');
    await revokeGrant(c.get('ctx'), actorOf(c), agentId, grantId);
    return c.json({ ok: true }, 200);
  });
}
