import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import type { Principal } from '../types.ts';
import {
  assertCan,
  can,
  isCompanyAdmin,
  PERMISSION_NAMES,
  PERMISSIONS,
  permissionsOf,
  refusal,
  requireCompany,
  requirePermission,
} from './index.ts';

const ACME = { id: '00000000-0000-4000-8000-00000000000a', name: 'Acme' };
const GLOBEX = '00000000-0000-4000-8000-00000000000b';

function principal(role: 'admin' | 'member' | null, company: typeof ACME | null = ACME, id = 'user-1'): Principal {
  return {
    user: {
      id,
      email: `${id}@test.example`,
      name: id,
      title: '',
      version: 1,
      companyId: company?.id ?? null,
      role,
      createdAt: new Date(),
    },
    company,
    credential: { kind: 'session', sessionId: 'session', expiresAt: new Date() },
  };
}
const admin = principal('admin', ACME, 'admin-1');
const member = principal('member');
const loner = principal(null, null);
/** An admin role left on a user without a company counts for nothing. */
const strandedAdmin = principal('admin', null);

/** The status and code a call throws, or 'allowed'. */
function outcome(run: () => unknown) {
  try {
    run();
    return 'allowed';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return `${error.status} ${error.code}`;
  }
}

describe('permissions', () => {
  it('are all a company admin’s, and none of a member’s or of a user without a company', () => {
    expect(PERMISSION_NAMES).toEqual([
      'manageApiKeys',
      'manageCompanyFiles',
      'editOrganization',
      'manageBilling',
      'manageAgents',
      'manageIntegrations',
      'manageContent',
      'manageMembers',
    ]);
    for (const name of PERMISSION_NAMES) {
      expect(permissionsOf(admin)[name], name).toBe(true);
      expect(permissionsOf(member)[name], name).toBe(false);
      expect(permissionsOf(loner)[name], name).toBe(false);
      expect(permissionsOf(strandedAdmin)[name], name).toBe(false);
    }
    expect([isCompanyAdmin(admin), isCompanyAdmin(member), isCompanyAdmin(strandedAdmin)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('each has a description for the contract and the end of a refusal', () => {
    for (const name of PERMISSION_NAMES) {
      expect(PERMISSIONS[name].description, name).toMatch(/\(company admins\)\.$/);
      expect(PERMISSIONS[name].refusal, name).not.toBe('');
    }
  });

  it('requirePermission: admins pass; members get 403 FORBIDDEN saying who may; so does a user without a company', () => {
    for (const name of PERMISSION_NAMES) {
      expect(outcome(() => requirePermission(admin, name))).toBe('allowed');
      expect(outcome(() => requirePermission(member, name))).toBe('403 FORBIDDEN');
      expect(outcome(() => requirePermission(loner, name))).toBe('403 FORBIDDEN');
    }
    expect(() => requirePermission(member, 'manageApiKeys')).toThrow('Only company admins can create API keys');
    expect(() => requirePermission(loner, 'manageApiKeys')).toThrow(
      'Only company admins can create API keys, and you are not a member of a company',
    );
  });
});

describe('member of the company', () => {
  it('requireCompany gives the caller’s company, and 404 (never 403) without one', () => {
    expect(requireCompany(member)).toEqual(ACME);
    expect(outcome(() => requireCompany(loner))).toBe('404 NOT_FOUND');
    expect(outcome(() => requireCompany(strandedAdmin))).toBe('404 NOT_FOUND');
  });

  it('view and edit: any member of the resource’s company; 404 for another company or none', () => {
    const ours = { companyId: ACME.id };
    const theirs = { companyId: GLOBEX };
    for (const action of ['view', 'edit'] as const) {
      expect(can(member, action, ours)).toBe(true);
      expect(can(admin, action, ours)).toBe(true);
      expect(outcome(() => assertCan(admin, action, theirs))).toBe('404 NOT_FOUND');
      expect(outcome(() => assertCan(member, action, theirs))).toBe('404 NOT_FOUND');
      expect(outcome(() => assertCan(loner, action, ours))).toBe('404 NOT_FOUND');
    }
  });
});

describe('own only (comments)', () => {
  const mine = { companyId: ACME.id, authorUserId: member.user.id };
  const othersComment = { companyId: ACME.id, authorUserId: 'user-2' };
  const agents = { companyId: ACME.id, authorUserId: null };

  it('the author may edit and delete; anyone else, admins included, gets 403 with a message', () => {
    for (const action of ['editComment', 'deleteComment'] as const) {
      expect(outcome(() => assertCan(member, action, mine))).toBe('allowed');
      expect(outcome(() => assertCan(member, action, othersComment))).toBe('403 FORBIDDEN');
      expect(outcome(() => assertCan(admin, action, mine))).toBe('403 FORBIDDEN');
      expect(outcome(() => assertCan(member, action, agents))).toBe('403 FORBIDDEN');
    }
    expect(refusal(admin, 'editComment', mine)?.message).toBe('You can only edit your own comments');
    expect(refusal(admin, 'deleteComment', mine)?.message).toBe('You can only delete your own comments');
  });

  it('a comment of another company is 404 before anything else, even for its author id', () => {
    const elsewhere = principal('member', { id: GLOBEX, name: 'Globex' }, member.user.id);
    expect(outcome(() => assertCan(elsewhere, 'editComment', mine))).toBe('404 NOT_FOUND');
    expect(outcome(() => assertCan(loner, 'deleteComment', othersComment))).toBe('404 NOT_FOUND');
  });
});

describe('author or admin (file nodes)', () => {
  const node = { companyId: ACME.id, authorUserId: member.user.id };

  it('its author, or an admin (manageCompanyFiles), may change it; another member gets 403', () => {
    expect(can(member, 'changeFile', node)).toBe(true);
    expect(can(admin, 'changeFile', node)).toBe(true);
    const colleague = principal('member', ACME, 'user-3');
    expect(outcome(() => assertCan(colleague, 'changeFile', node))).toBe('403 FORBIDDEN');
    expect(refusal(colleague, 'changeFile', node)?.message).toBe(
      'Only its author or a company admin can change this file',
    );
    // A node whose author is gone: admins only.
    expect(can(colleague, 'changeFile', { ...node, authorUserId: null })).toBe(false);
    expect(can(admin, 'changeFile', { ...node, authorUserId: null })).toBe(true);
  });

  it('a node of another company is 404, for its admins too', () => {
    const globexAdmin = principal('admin', { id: GLOBEX, name: 'Globex' }, 'user-9');
    expect(outcome(() => assertCan(globexAdmin, 'changeFile', node))).toBe('404 NOT_FOUND');
  });
});
