import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { serveEventStream } from '../../events/sse.ts';
import { actorOf } from '../../http/actor.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';
import { agentActivity } from '../activity/index.ts';
import {
  createAgentRoute,
  createAgentTokenRoute,
  getAgentFeedbackRoute,
  listAgentActivityRoute,
  getAgentRoute,
  getCurrentAgentRoute,
  listAgentsRoute,
  listAgentTokensRoute,
  revokeAgentTokenRoute,
  setAgentStatusRoute,
  streamAgentEventsRoute,
  updateAgentRoute,
} from './routes.ts';
import {
  createAgentSessionRoute,
  deleteAgentMessageFeedbackRoute,
  getAgentSessionRoute,
  listAgentMessagesRoute,
  listAgentSessionsRoute,
  listProjectDelegationsRoute,
  postAgentMessageRoute,
  setAgentMessageFeedbackRoute,
  stopAgentSessionRoute,
  updateAgentMessageRoute,
  updateAgentSessionRoute,
} from './session-routes.ts';
import {
  canManageAgent,
  createAgent,
  createToken,
  feedbackSummary,
  findAgent,
  getAgent,
  getCurrentAgent,
  listAgents,
  listTokens,
  revokeToken,
  setAgentStatus,
  updateAgent,
} from './service.ts';
import { listDelegations } from './delegation.ts';
import { deleteFeedback, setFeedback } from './feedback.ts';
import {
  createSession,
  getSession,
  listMessages,
  listSessions,
  postMessage,
  stopSession,
  updateMessage,
  updateSession,
} from './sessions.ts';

export function registerAgentRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listAgentsRoute, async (c) =>
    c.json(await listAgents(c.get('ctx'), c.get('principal'), c.req.valid('query')), 200),
  );
  // Before `/agents/{agentId}`, which would refuse `me` as a malformed id.
  app.openapi(getCurrentAgentRoute, async (c) => c.json(await getCurrentAgent(c.get('ctx'), c.get('principal')), 200));
  app.openapi(getAgentRoute, async (c) =>
    c.json(await getAgent(c.get('ctx'), c.get('principal'), c.req.valid('param').agentId), 200),
  );
  app.openapi(createAgentRoute, async (c) =>
    c.json(await createAgent(c.get('ctx'), actorOf(c), c.req.valid('json')), 201),
  );
  app.openapi(updateAgentRoute, async (c) =>
    c.json(await updateAgent(c.get('ctx'), actorOf(c), c.req.valid('param').agentId, c.req.valid('json')), 200),
  );
  app.openapi(setAgentStatusRoute, async (c) =>
    c.json(
      await setAgentStatus(c.get('ctx'), actorOf(c), c.req.valid('param').agentId, c.req.valid('json').status),
      200,
    ),
  );

  app.openapi(listAgentActivityRoute, async (c) => {
    const ctx = c.get('ctx');
    const company = requireCompany(c.get('principal'));
    const { agentId } = c.req.valid('param');
    await findAgent(ctx.db, company.id, agentId);
    return c.json(await agentActivity(ctx, company.id, agentId, c.req.valid('query')), 200);
  });
  app.openapi(listAgentTokensRoute, async (c) =>
    c.json(await listTokens(c.get('ctx'), c.get('principal'), c.req.valid('param').agentId), 200),
  );
  app.openapi(createAgentTokenRoute, async (c) =>
    c.json(await createToken(c.get('ctx'), c.get('principal'), c.req.valid('param').agentId, c.req.valid('json')), 201),
  );
  app.openapi(revokeAgentTokenRoute, async (c) => {
    const { agentId, tokenId } = c.req.valid('param');
    await revokeToken(c.get('ctx'), c.get('principal'), agentId, tokenId);
    return c.json({ success: true }, 200);
  });
  app.openapi(getAgentFeedbackRoute, async (c) =>
    c.json(await feedbackSummary(c.get('ctx'), c.get('principal'), c.req.valid('param').agentId), 200),
  );

  app.openapi(listAgentSessionsRoute, async (c) =>
    c.json(await listSessions(c.get('ctx'), c.get('principal'), c.req.valid('query')), 200),
  );
  app.openapi(createAgentSessionRoute, async (c) =>
    c.json(await createSession(c.get('ctx'), actorOf(c), c.req.valid('param').agentId, c.req.valid('json').text), 201),
  );
  app.openapi(getAgentSessionRoute, async (c) => {
    const { agentId, sessionId } = c.req.valid('param');
    return c.json(await getSession(c.get('ctx'), c.get('principal'), agentId, sessionId), 200);
  });
  app.openapi(updateAgentSessionRoute, async (c) => {
    const { agentId, sessionId } = c.req.valid('param');
    return c.json(await updateSession(c.get('ctx'), actorOf(c), agentId, sessionId, c.req.valid('json')), 200);
  });
  app.openapi(listAgentMessagesRoute, async (c) => {
    const { agentId, sessionId } = c.req.valid('param');
    return c.json(await listMessages(c.get('ctx'), c.get('principal'), agentId, sessionId, c.req.valid('query')), 200);
  });
  app.openapi(postAgentMessageRoute, async (c) => {
    const { agentId, sessionId } = c.req.valid('param');
    return c.json(await postMessage(c.get('ctx'), actorOf(c), agentId, sessionId, c.req.valid('json')), 201);
  });
  app.openapi(updateAgentMessageRoute, async (c) => {
    const { agentId, sessionId, messageId } = c.req.valid('param');
    return c.json(
      await updateMessage(c.get('ctx'), actorOf(c), agentId, sessionId, messageId, c.req.valid('json')),
      200,
    );
  });
  app.openapi(stopAgentSessionRoute, async (c) => {
    const { agentId, sessionId } = c.req.valid('param');
    return c.json(await stopSession(c.get('ctx'), actorOf(c), agentId, sessionId), 200);
  });
  app.openapi(setAgentMessageFeedbackRoute, async (c) => {
    const { agentId, messageId } = c.req.valid('param');
    return c.json(await setFeedback(c.get('ctx'), c.get('principal'), agentId, messageId, c.req.valid('json')), 200);
  });
  app.openapi(deleteAgentMessageFeedbackRoute, async (c) => {
    const { agentId, messageId } = c.req.valid('param');
    return c.json(await deleteFeedback(c.get('ctx'), c.get('principal'), agentId, messageId), 200);
  });
  app.openapi(listProjectDelegationsRoute, async (c) =>
    c.json(await listDelegations(c.get('ctx'), c.get('principal'), c.req.valid('param').projectId), 200),
  );

  app.openapi(streamAgentEventsRoute, async (c) => {
    const ctx = c.get('ctx');
    const principal = c.get('principal');
    const company = requireCompany(principal);
    const { agentId } = c.req.valid('param');
    if (principal.agent) {
      // An agent watches its own stream only; another agent's does not exist for it.
      if (principal.agent.id !== agentId) throw notFound('Agent not found');
    } else {
      const agent = await findAgent(ctx.db, company.id, agentId);
      if (!canManageAgent(principal, agent)) {
        throw forbidden(`Only company admins and the person responsible for ${agent.name} can watch its stream`);
      }
    }
    const header = c.req.valid('header')['last-event-id'];
    const lastEventId = header === undefined ? undefined : Number(header);
    return serveEventStream(c, { companyId: company.id, principal, lastEventId, agentId }) as never;
  });
}
