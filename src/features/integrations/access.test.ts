import { describe, expect, it } from 'vitest';
import type { Agent, IntegrationConnection, IntegrationGrantWithConnection, Me } from '@/api';
import { canManageConnection, canManageGrant, canRevokeGrant, grantableConnections } from './access';

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const person = (userId: string, admin: boolean): Me => ({
  company: { id: id(90), name: 'Acme' },
  credential: { kind: 'session', expiresAt: '2026-12-31T00:00:00.000Z' },
  role: admin ? 'admin' : 'member',
  permissions: {
    editOrganization: admin,
    manageAgents: admin,
    manageApiKeys: admin,
    manageBilling: admin,
    manageCompanyFiles: admin,
    manageIntegrations: admin,
    manageContent: admin,
    manageMembers: admin,
  },
  user: { id: userId, version: 1, name: 'Someone', email: 'someone@acme.example', title: '', createdAt: '' },
});
const admin = person(id(1), true);
const max = person(id(2), false);

const connection = (
  n: number,
  ownership: 'company' | 'personal',
  ownerUserId: string | null = null,
  status: IntegrationConnection['status'] = 'active',
): IntegrationConnection => ({
  id: id(n),
  version: 1,
  providerKey: 'github',
  displayName: `Connection ${n}`,
  status,
  statusMessage: null,
  ownership,
  ownerUserId,
  createdBy: ownerUserId,
  createdByName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  credentialFields: ['token'],
  grantCount: 0,
});

const company = connection(10, 'company');
const companyBroken = connection(11, 'company', null, 'error');
const companyRevoked = connection(12, 'company', null, 'revoked');
const companyExpired = connection(16, 'company', null, 'expired');
const adminsOwn = connection(13, 'personal', admin.user.id);
const maxsOwn = connection(14, 'personal', max.user.id);
const maxsRevoked = connection(15, 'personal', max.user.id, 'revoked');
const all = [company, companyBroken, companyRevoked, companyExpired, adminsOwn, maxsOwn, maxsRevoked];

const grantOf = (target: IntegrationConnection): IntegrationGrantWithConnection => ({
  id: id(50),
  agentId: id(40),
  connectionId: target.id,
  scope: 'read',
  createdAt: '2026-01-01T00:00:00.000Z',
  allowedTools: [],
  constraints: {},
  grantedBy: null,
  expiresAt: null,
  status: 'active',
  lastUsedAt: null,
  connection: { providerKey: target.providerKey, displayName: target.displayName, status: target.status },
});

describe('canManageConnection', () => {
  it('admins manage company connections; members see them read only', () => {
    expect(canManageConnection(admin, company)).toBe(true);
    expect(canManageConnection(admin, companyBroken)).toBe(true);
    expect(canManageConnection(max, company)).toBe(false);
  });

  it('a personal connection is managed by its owner only', () => {
    expect(canManageConnection(max, maxsOwn)).toBe(true);
    expect(canManageConnection(admin, maxsOwn)).toBe(false);
  });

  it('nobody changes a revoked connection', () => {
    expect(canManageConnection(admin, companyRevoked)).toBe(false);
    expect(canManageConnection(max, maxsRevoked)).toBe(false);
  });
});

describe('grantableConnections', () => {
  it('offers an admin the company’s connections and their own personal ones, not revoked or expired, not granted yet', () => {
    expect(grantableConnections(all, [grantOf(company)], admin)).toEqual([companyBroken, adminsOwn]);
  });

  it('offers anyone else their own personal connections only', () => {
    expect(grantableConnections(all, [], max)).toEqual([maxsOwn]);
    expect(grantableConnections(all, [grantOf(maxsOwn)], max)).toEqual([]);
  });
});

describe('canManageGrant', () => {
  const agent = (canManage: boolean) => ({ id: id(40), canManage }) as Agent;

  it('needs both: managing the agent, and holding the grant’s connection', () => {
    expect(canManageGrant(admin, agent(true), grantOf(company), all)).toBe(true);
    expect(canManageGrant(admin, agent(false), grantOf(company), all)).toBe(false);
    // The responsible person (a member) may change grants of their own connections only.
    expect(canManageGrant(max, agent(true), grantOf(maxsOwn), all)).toBe(true);
    expect(canManageGrant(max, agent(true), grantOf(company), all)).toBe(false);
  });

  it('a connection the caller does not see (someone’s personal one), or none loaded yet: no', () => {
    expect(canManageGrant(admin, agent(true), grantOf(maxsOwn), [company])).toBe(false);
    expect(canManageGrant(admin, agent(true), grantOf(company), undefined)).toBe(false);
  });

  it('a grant of a revoked connection can still be revoked by whoever holds it', () => {
    expect(canManageGrant(admin, agent(true), grantOf(companyRevoked), all)).toBe(true);
  });
});

describe('canRevokeGrant', () => {
  const agent = (canManage: boolean) => ({ id: id(41), canManage }) as Agent;

  it('lets an admin revoke any grant of an agent they manage, someone’s personal connection’s too', () => {
    expect(canRevokeGrant(admin, agent(true), grantOf(maxsOwn), [company])).toBe(true);
    expect(canRevokeGrant(admin, agent(false), grantOf(company), all)).toBe(false);
    expect(canRevokeGrant(max, agent(true), grantOf(maxsOwn), all)).toBe(true);
    expect(canRevokeGrant(max, agent(true), grantOf(company), all)).toBe(false);
  });
});
