import type { Agent, IntegrationConnection, IntegrationGrantWithConnection, Me } from '@/api';

/** Admins hold the company's connections; a personal one is its owner's alone (the server's rule). */
function holds(me: Me, connection: IntegrationConnection): boolean {
  return connection.ownership === 'company' ? me.permissions.manageIntegrations : connection.ownerUserId === me.user.id;
}

/** Who may change a connection. A revoked connection is history: nobody changes it. */
export function canManageConnection(me: Me, connection: IntegrationConnection): boolean {
  return connection.status !== 'revoked' && holds(me, connection);
}

/**
 * The connections `me` may grant an agent holding `grants`: not revoked or expired (the server
 * refuses those), not granted to it yet, and held by `me` — admins the company's, anyone their
 * own personal ones.
 */
export function grantableConnections(
  connections: IntegrationConnection[],
  grants: IntegrationGrantWithConnection[],
  me: Me,
): IntegrationConnection[] {
  const granted = new Set(grants.map((grant) => grant.connectionId));
  return connections.filter(
    (connection) =>
      connection.status !== 'revoked' &&
      connection.status !== 'expired' &&
      !granted.has(connection.id) &&
      holds(me, connection),
  );
}

/**
 * Who may edit a grant's constraints or revoke it: someone who manages the agent and holds its
 * connection. `connections` are the ones `me` sees; a grant of a connection not among them is
 * someone else's personal one.
 */
export function canManageGrant(
  me: Me,
  agent: Agent,
  grant: IntegrationGrantWithConnection,
  connections: IntegrationConnection[] | undefined,
): boolean {
  if (!agent.canManage) return false;
  const connection = connections?.find((item) => item.id === grant.connectionId);
  return connection !== undefined && holds(me, connection);
}

/**
 * Who may revoke a grant: as for changing it, and company admins always (the server lets them cut
 * an agent off any connection, someone's personal one included).
 */
export function canRevokeGrant(
  me: Me,
  agent: Agent,
  grant: IntegrationGrantWithConnection,
  connections: IntegrationConnection[] | undefined,
): boolean {
  if (!agent.canManage) return false;
  return me.permissions.manageIntegrations || canManageGrant(me, agent, grant, connections);
}
