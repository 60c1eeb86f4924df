import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

async function fetchPeople(signal?: AbortSignal) {
  return (await unwrap(api.GET('/organization/people', { signal }))).people;
}

async function fetchInvitations(signal?: AbortSignal) {
  return (await unwrap(api.GET('/organization/invitations', { signal }))).invitations;
}

/** A person of the company as Settings → Members lists them. */
export type OrgPerson = Awaited<ReturnType<typeof fetchPeople>>[number];
/** An invitation as an admin sees it (its link only while it is pending). */
export type Invitation = Awaited<ReturnType<typeof fetchInvitations>>[number];
export type CompanyRole = OrgPerson['role'];

export const membersAdminQueries = {
  /**
   * Under the organization feature's key (`['organization']`), so whatever refreshes the chart
   * after an organization change (live events, its writes) refreshes these lists too.
   */
  all: ['organization', 'members-admin'] as const,
  /** Everyone in the company with email, role, team, manager and join date (admins only). */
  people: () =>
    queryOptions({
      queryKey: [...membersAdminQueries.all, 'people'] as const,
      queryFn: ({ signal }) => fetchPeople(signal),
    }),
  /** Every invitation of the company with its status (admins only). */
  invitations: () =>
    queryOptions({
      queryKey: [...membersAdminQueries.all, 'invitations'] as const,
      queryFn: ({ signal }) => fetchInvitations(signal),
    }),
};
