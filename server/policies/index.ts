/**
 * Who may do what: the one place the server decides it. Every module asks here; none compares
 * roles or authors itself.
 *
 * The rules:
 * - **Member of the company.** Company data (projects, cards, comments, people, search, live
 *   events) exists only for the members of its company. A user without a company, or a member of
 *   another one, is told 404 `NOT_FOUND`, as for something that does not exist: a refusal would
 *   reveal that it does. Modules look company data up within `requireCompany(principal).id`, so
 *   another company's row is simply not found; `assertCan(principal, 'view', resource)` says the
 *   same of a resource already in hand.
 * - **Company admin.** What only admins may do is a permission (`PERMISSIONS`); `GET /users/me`
 *   lists them for the caller, the web app shows and hides controls from that list, and
 *   `requirePermission` enforces it: 403 `FORBIDDEN` with a message saying who may.
 * - **Own only.** A comment is edited or deleted by its author alone: 403 for anyone else.
 * - **Author or admin.** A file node is changed by its author, or by a company admin
 *   (`manageCompanyFiles`): 403 for anyone else.
 *
 * So: a resource the caller may not see is 404; one they may see but not change is 403.
 */
import { type ApiError, forbidden, notFound } from '../http/errors.ts';
import type { Principal } from '../types.ts';

/**
 * What a company admin may do and a member may not, with the description the contract gives each
 * (`Permissions` in `GET /users/me`) and the end of the 403's message ("Only company admins can …").
 */
export const PERMISSIONS = {
  manageApiKeys: { description: 'May create API keys (company admins).', refusal: 'create API keys' },
  manageCompanyFiles: {
    description: "May change anyone's file nodes (company admins).",
    refusal: 'change files written by others',
  },
  editOrganization: {
    description: 'May edit teams and the organization chart (company admins).',
    refusal: 'edit teams and the organization chart',
  },
  manageBilling: {
    description: "May see and change the company's plan, invoices and payment details (company admins).",
    refusal: 'manage billing',
  },
  manageAgents: {
    description: "May create, configure, pause and remove the company's agents (company admins).",
    refusal: 'manage agents',
  },
  manageIntegrations: {
    description: 'May connect and disconnect integrations and manage webhook endpoints (company admins).',
    refusal: 'manage integrations',
  },
  manageContent: {
    description:
      "May write and publish the public site's content, manage content keys and see newsletter subscribers (company admins).",
    refusal: 'manage the public site’s content',
  },
  manageMembers: {
    description: 'May invite people to the company, change their roles and remove them (company admins).',
    refusal: 'manage members',
  },
} as const satisfies Record<string, { description: string; refusal: string }>;

export type Permission = keyof typeof PERMISSIONS;
export type Permissions = Record<Permission, boolean>;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export type Company = { id: string; name: string };
/** Anything that belongs to a company. */
export type CompanyResource = { companyId: string };
/** Something a person wrote. `authorUserId` is null when an agent wrote it or its author is gone. */
export type AuthoredResource = CompanyResource & { authorUserId: string | null };

/**
 * What the caller wants to do to a resource (admin-only actions are permissions, see
 * `requirePermission`):
 * - `view`, `edit`: company data; any member of its company.
 * - `editComment`, `deleteComment`: its author only.
 * - `changeFile`: its author, or a company admin (`manageCompanyFiles`).
 */
export type Action = 'view' | 'edit' | 'editComment' | 'deleteComment' | 'changeFile';
type ResourceOf<A extends Action> = A extends 'view' | 'edit' ? CompanyResource : AuthoredResource;

/** A company admin: the admin role counts only within a company. */
export function isCompanyAdmin(principal: Principal): boolean {
  return principal.company !== null && principal.user.role === 'admin';
}

/** Every permission of the caller (`GET /users/me`): all of them for a company admin, none otherwise. */
export function permissionsOf(principal: Principal): Permissions {
  const admin = isCompanyAdmin(principal);
  return Object.fromEntries(PERMISSION_NAMES.map((name) => [name, admin])) as Permissions;
}

/** Whether the caller holds `permission`. */
export function hasPermission(principal: Principal, permission: Permission): boolean {
  return permissionsOf(principal)[permission];
}

const NO_COMPANY = 'Not found: you are not a member of a company';

/**
 * The caller's company. Company data does not exist for a user without one: 404, never 403, so
 * nothing is revealed.
 */
export function requireCompany(principal: Principal): Company {
  if (!principal.company) throw notFound(NO_COMPANY);
  return principal.company;
}

/** 403 `FORBIDDEN` unless the caller holds `permission` (company admins do). */
export function requirePermission(principal: Principal, permission: Permission): void {
  if (hasPermission(principal, permission)) return;
  const what = PERMISSIONS[permission].refusal;
  throw forbidden(
    principal.company
      ? `Only company admins can ${what}`
      : `Only company admins can ${what}, and you are not a member of a company`,
  );
}

/** Why the caller may not do `action` to `resource`: the 404 or 403 to answer, or null when they may. */
export function refusal<A extends Action>(principal: Principal, action: A, resource: ResourceOf<A>): ApiError | null {
  // Seeing comes first: what belongs to another company does not exist for the caller.
  if (!principal.company) return notFound(NO_COMPANY);
  if (principal.company.id !== resource.companyId) return notFound();
  if (action === 'view' || action === 'edit') return null;
  const { authorUserId } = resource as AuthoredResource;
  const isAuthor = authorUserId !== null && authorUserId === principal.user.id;
  switch (action) {
    case 'editComment':
      return isAuthor ? null : forbidden('You can only edit your own comments');
    case 'deleteComment':
      return isAuthor ? null : forbidden('You can only delete your own comments');
    case 'changeFile':
      return isAuthor || hasPermission(principal, 'manageCompanyFiles')
        ? null
        : forbidden('Only its author or a company admin can change this file');
  }
  // Fail closed: an action without a rule is a programming error, never an allowance.
  throw new Error(`policies: no rule for the action "${String(action)}"`);
}

/** Whether the caller may do `action` to `resource`. */
export function can<A extends Action>(principal: Principal, action: A, resource: ResourceOf<A>): boolean {
  return refusal(principal, action, resource) === null;
}

/** Throws the 404 or 403 of `refusal` unless the caller may do `action` to `resource`. */
export function assertCan<A extends Action>(principal: Principal, action: A, resource: ResourceOf<A>): void {
  const error = refusal(principal, action, resource);
  if (error) throw error;
}
