import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import { isCompanyAdmin } from '../../policies/index.ts';
import { chartBody, type ChartEntry } from './chart-cache.ts';
import {
  acceptInvitation,
  createCompany,
  createInvitation,
  emailExists,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  signUp,
} from './invitations.ts';
import {
  acceptInvitationRoute,
  createCompanyRoute,
  createInvitationRoute,
  emailExistsRoute,
  listInvitationsRoute,
  previewInvitationRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
  signUpRoute,
} from './invitation-routes.ts';
import {
  createTeamRoute,
  deleteTeamRoute,
  getOrgChartRoute,
  listOrgPeopleRoute,
  removeMemberRoute,
  setMemberRoleRoute,
  setTeamLeadRoute,
  updateOrgAgentRoute,
  updateOrgHumanRoute,
  updateTeamRoute,
} from './routes.ts';
import { listPeople, removeMember, setRole, updateAgent, updateHuman } from './people.ts';
import { getChart } from './service.ts';
import { createTeam, deleteTeam, setTeamLead, updateTeam } from './teams.ts';

/**
 * Where invitation links point when `PUBLIC_URL` is not set: the web app's origin as the browser
 * sent it, else the origin of the request itself.
 */
function originOf(c: Context<AppEnv>): string {
  const origin = c.req.header('origin');
  if (origin && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  return new URL(c.req.url).origin;
}

/**
 * Answers a chart: serialized (and gzipped for clients that take it) once per organization version
 * and caller kind (chart-cache.ts), instead of by the compression middleware on every response.
 */
async function sendChart(c: Context<AppEnv>, entry: ChartEntry, status: 200 | 201) {
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  const body = await chartBody(c.get('ctx').db, entry, isCompanyAdmin(c.get('principal')), gzip);
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  if (body.gzip) headers['content-encoding'] = 'gzip';
  // The contract's type for these answers is the chart; the body is that chart, serialized.
  return c.body(body.body as unknown as string, status, headers) as never;
}

export function registerOrganizationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getOrgChartRoute, async (c) => sendChart(c, await getChart(c.get('ctx'), c.get('principal')), 200));

  app.openapi(createTeamRoute, async (c) => {
    const { entry, teamId } = await createTeam(c.get('ctx'), actorOf(c), c.req.valid('json'));
    c.header('Location', `/api/organization/teams/${teamId}`);
    return sendChart(c, entry, 201);
  });
  app.openapi(updateTeamRoute, async (c) =>
    sendChart(c, await updateTeam(c.get('ctx'), actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(deleteTeamRoute, async (c) =>
    sendChart(c, await deleteTeam(c.get('ctx'), actorOf(c), c.req.valid('param').id), 200),
  );
  app.openapi(setTeamLeadRoute, async (c) =>
    sendChart(c, await setTeamLead(c.get('ctx'), actorOf(c), c.req.valid('param').id, c.req.valid('json').lead), 200),
  );
  app.openapi(updateOrgHumanRoute, async (c) =>
    sendChart(c, await updateHuman(c.get('ctx'), actorOf(c), c.req.valid('param').userId, c.req.valid('json')), 200),
  );
  app.openapi(updateOrgAgentRoute, async (c) =>
    sendChart(c, await updateAgent(c.get('ctx'), actorOf(c), c.req.valid('param').agentId, c.req.valid('json')), 200),
  );
  app.openapi(setMemberRoleRoute, async (c) =>
    sendChart(c, await setRole(c.get('ctx'), actorOf(c), c.req.valid('param').userId, c.req.valid('json').role), 200),
  );
  app.openapi(removeMemberRoute, async (c) =>
    sendChart(c, await removeMember(c.get('ctx'), actorOf(c), c.req.valid('param').userId), 200),
  );
  app.openapi(listOrgPeopleRoute, async (c) =>
    c.json({ people: await listPeople(c.get('ctx'), c.get('principal')) }, 200),
  );

  app.openapi(listInvitationsRoute, async (c) =>
    c.json({ invitations: await listInvitations(c.get('ctx'), c.get('principal'), originOf(c)) }, 200),
  );
  app.openapi(createInvitationRoute, async (c) =>
    c.json(await createInvitation(c.get('ctx'), actorOf(c), c.req.valid('json'), originOf(c)), 201),
  );
  app.openapi(resendInvitationRoute, async (c) =>
    c.json(await resendInvitation(c.get('ctx'), actorOf(c), c.req.valid('param').invitationId, originOf(c)), 200),
  );
  app.openapi(revokeInvitationRoute, async (c) => {
    await revokeInvitation(c.get('ctx'), actorOf(c), c.req.valid('param').invitationId);
    return c.json({ success: true }, 200);
  });

  app.openapi(previewInvitationRoute, async (c) =>
    c.json(await previewInvitation(c.get('ctx'), c.req.valid('json').token), 200),
  );
  app.openapi(emailExistsRoute, async (c) =>
    c.json({ exists: await emailExists(c.get('ctx'), c.req.valid('json').email) }, 200),
  );
  app.openapi(signUpRoute, async (c) => {
    const session = await signUp(c.get('ctx'), c.req.valid('json'));
    return c.json({ token: session.token, expiresAt: session.expiresAt.toISOString() }, 201);
  });
  app.openapi(acceptInvitationRoute, async (c) =>
    c.json(await acceptInvitation(c.get('ctx'), c.get('principal'), c.req.valid('json').token), 200),
  );
  app.openapi(createCompanyRoute, async (c) =>
    c.json(await createCompany(c.get('ctx'), c.get('principal'), c.req.valid('json').name), 201),
  );
}
