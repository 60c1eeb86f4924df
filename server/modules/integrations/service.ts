/**
 * Integration connections: the company's connected tools, and people's personal ones (listing,
 * connecting, updating, disconnecting). Credentials are sealed at rest (lib/sealed.ts) and never
 * returned to people; an agent redeems them through a live grant (grants.ts).
 */
import { changedFields, checkEdit } from '../../http/edit-check.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { integrationConnections, integrationGrants, users } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, forbidden, invalidField, notFound } from '../../http/errors.ts';
import { seal } from '../../lib/sealed.ts';
import { hasPermission, requireCompany } from '../../policies/index.ts';
import { findProvider, PROVIDERS } from './providers.ts';
import type { IntegrationConnection } from './schemas.ts';

export type ConnectionRow = typeof integrationConnections.$inferSelect;
type Ownership = 'company' | 'personal';

export const listProviders = () => PROVIDERS;

/** The status a connection shows: a connection past its expiry is `expired` whatever is stored. */
export function effectiveStatus(
  row: Pick<ConnectionRow, 'status' | 'expiresAt'>,
  now = new Date(),
): ConnectionRow['status'] {
  if (row.status === 'active' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

/** A connection the caller may see: the company's, or their own personal one. */
const visibleTo = (principal: Principal, companyId: string) =>
  sql`c.company_id = ${companyId} and (c.owner_user_id is null or c.owner_user_id = ${principal.user.id})`;

async function selectConnections(db: Executor, principal: Principal, companyId: string, connectionId?: string) {
  const result = await db.execute(sql`
    select c.*, u.name as created_by_name,
      (select count(*)::int from ${integrationGrants} g where g.connection_id = c.id) as grant_count
    from ${integrationConnections} c
    left join ${users} u on u.id = c.created_by_user_id
    where ${visibleTo(principal, companyId)} ${connectionId ? sql`and c.id = ${connectionId}` : sql``}
    order by c.status = 'revoked', lower(c.display_name), c.id`);
  return rows<Record<string, unknown>>(result).map(presentConnectionRow);
}

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

function presentConnectionRow(row: Record<string, unknown>): IntegrationConnection {
  const ownerUserId = (row.owner_user_id as string | null) ?? null;
  const expiresAt = row.expires_at ? new Date(row.expires_at as string) : null;
  return {
    id: row.id as string,
    version: row.version as number,
    providerKey: row.provider_key as string,
    displayName: row.display_name as string,
    status: effectiveStatus({ status: row.status as ConnectionRow['status'], expiresAt }),
    statusMessage: (row.status_message as string | null) ?? null,
    ownership: ownerUserId ? 'personal' : 'company',
    ownerUserId,
    createdBy: (row.created_by_user_id as string | null) ?? null,
    createdByName: (row.created_by_name as string | null) ?? null,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    expiresAt: expiresAt?.toISOString() ?? null,
    revokedAt: iso(row.revoked_at),
    credentialFields: (row.credential_fields as string[] | null) ?? [],
    grantCount: Number(row.grant_count ?? 0),
  };
}

export async function listConnections(ctx: AppContext, principal: Principal): Promise<IntegrationConnection[]> {
  const company = requireCompany(principal);
  return selectConnections(ctx.db, principal, company.id);
}

async function presentConnection(db: Executor, principal: Principal, companyId: string, id: string) {
  const [connection] = await selectConnections(db, principal, companyId, id);
  if (!connection) throw notFound('Connection not found');
  return connection;
}

/** Checks credentials against the provider's form: every required field, no unknown field. */
function checkCredentials(providerKey: string, credentials: Record<string, string>) {
  const provider = findProvider(providerKey);
  if (!provider) {
    throw invalidField(
      'providerKey',
      `unknown provider "${providerKey}"; one of ${PROVIDERS.map((known) => known.key).join(', ')}`,
    );
  }
  const names = new Set(provider.credentialFields.map((field) => field.name));
  for (const name of Object.keys(credentials)) {
    if (!names.has(name)) throw invalidField(`credentials.${name}`, `${provider.name} has no credential "${name}"`);
  }
  for (const field of provider.credentialFields) {
    if (!field.optional && !credentials[field.name]?.trim()) {
      throw invalidField(`credentials.${field.name}`, `${field.label} is required`);
    }
  }
  // Empty optional fields are not stored.
  return Object.fromEntries(Object.entries(credentials).filter(([, value]) => value.trim() !== ''));
}

export function futureDate(path: string, value: string | null | undefined) {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (date.getTime() <= Date.now()) throw invalidField(path, 'must be in the future');
  return date;
}

/** Who may change a connection: company ones, admins; personal ones, their owner. */
function requireConnectionManager(principal: Principal, row: Pick<ConnectionRow, 'ownerUserId'>) {
  if (row.ownerUserId === null) {
    if (!hasPermission(principal, 'manageIntegrations')) {
      throw forbidden('Only company admins can change company connections');
    }
  } else if (row.ownerUserId !== principal.user.id) {
    throw notFound('Connection not found');
  }
}

/** The event of a connection's change: every member for a company connection, its owner for a personal one. */
async function recordConnectionChange(
  db: Executor,
  actor: Actor,
  row: Pick<ConnectionRow, 'id' | 'ownerUserId'>,
  change: 'created' | 'updated' | 'revoked',
) {
  await recordEvent(
    db,
    actor,
    'integration.connection.changed',
    { connectionId: row.id, change },
    row.ownerUserId ? { userId: row.ownerUserId } : undefined,
  );
}

export async function createConnection(
  ctx: AppContext,
  actor: Actor,
  input: {
    providerKey: string;
    displayName: string;
    credentials: Record<string, string>;
    ownership: Ownership;
    expiresAt?: string;
  },
): Promise<IntegrationConnection> {
  const { principal } = actor;
  const company = requireCompany(principal);
  if (input.ownership === 'company' && !hasPermission(principal, 'manageIntegrations')) {
    throw forbidden('Only company admins can add company connections; connect it as a personal connection instead');
  }
  const credentials = checkCredentials(input.providerKey, input.credentials);
  const expiresAt = futureDate('expiresAt', input.expiresAt) ?? null;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(integrationConnections)
      .values({
        companyId: company.id,
        ownerUserId: input.ownership === 'personal' ? principal.user.id : null,
        providerKey: input.providerKey,
        displayName: input.displayName,
        credentialsSealed: seal(ctx.secrets.credentials, JSON.stringify(credentials)),
        credentialFields: Object.keys(credentials).sort(),
        expiresAt,
        createdByUserId: principal.user.id,
      })
      .returning();
    await recordConnectionChange(tx, actor, row!, 'created');
    return presentConnection(tx, principal, company.id, row!.id);
  });
}

async function lockConnection(db: Executor, principal: Principal, companyId: string, connectionId: string) {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.id, connectionId), eq(integrationConnections.companyId, companyId)))
    .for('update');
  if (!row || (row.ownerUserId !== null && row.ownerUserId !== principal.user.id)) {
    throw notFound('Connection not found');
  }
  return row;
}

export const revokedConflict = () =>
  new ApiError(409, 'This connection was disconnected; connect the tool again instead', ErrorCode.connectionRevoked);

export async function updateConnection(
  ctx: AppContext,
  actor: Actor,
  connectionId: string,
  input: {
    displayName?: string;
    credentials?: Record<string, string>;
    status?: 'active' | 'error';
    statusMessage?: string | null;
    expiresAt?: string | null;
    baseVersion?: number;
  },
): Promise<IntegrationConnection> {
  const { principal } = actor;
  const company = requireCompany(principal);
  return ctx.db.transaction(async (tx) => {
    const row = await lockConnection(tx, principal, company.id, connectionId);
    requireConnectionManager(principal, row);
    if (row.status === 'revoked') throw revokedConflict();
    // The name is what two admins may edit at once; credentials and status are replaced as sent.
    const versions = await checkEdit(
      row,
      changedFields(row, input, ['displayName']),
      input.baseVersion,
      actor,
      'connection',
      () => presentConnection(tx, principal, company.id, row.id),
      { displayName: 'name' },
    );
    const changes: Partial<typeof integrationConnections.$inferInsert> = { ...versions, updatedAt: new Date() };
    if (input.displayName !== undefined) changes.displayName = input.displayName;
    if (input.credentials !== undefined) {
      const credentials = checkCredentials(row.providerKey, input.credentials);
      changes.credentialsSealed = seal(ctx.secrets.credentials, JSON.stringify(credentials));
      changes.credentialFields = Object.keys(credentials).sort();
      // New credentials are a fresh start, unless the same request says otherwise.
      changes.status = 'active';
      changes.statusMessage = null;
    }
    if (input.status !== undefined) {
      changes.status = input.status;
      if (input.status === 'active' && input.statusMessage === undefined) changes.statusMessage = null;
    }
    if (input.statusMessage !== undefined) changes.statusMessage = input.statusMessage || null;
    if (input.expiresAt !== undefined) changes.expiresAt = futureDate('expiresAt', input.expiresAt) ?? null;
    await tx.update(integrationConnections).set(changes).where(eq(integrationConnections.id, row.id));
    await recordConnectionChange(tx, actor, row, 'updated');
    return presentConnection(tx, principal, company.id, row.id);
  });
}

/** Disconnects: the credentials are erased and the connection's grants no longer apply. */
export async function revokeConnection(
  ctx: AppContext,
  actor: Actor,
  connectionId: string,
): Promise<IntegrationConnection> {
  const { principal } = actor;
  const company = requireCompany(principal);
  return ctx.db.transaction(async (tx) => {
    const row = await lockConnection(tx, principal, company.id, connectionId);
    requireConnectionManager(principal, row);
    if (row.status !== 'revoked') {
      const now = new Date();
      await tx
        .update(integrationConnections)
        .set({ status: 'revoked', credentialsSealed: null, revokedAt: now, updatedAt: now })
        .where(eq(integrationConnections.id, row.id));
      await recordConnectionChange(tx, actor, row, 'revoked');
    }
    return presentConnection(tx, principal, company.id, row.id);
  });
}
