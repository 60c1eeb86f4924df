export { MembersPanel } from './components/members-panel';
export { membersAdminQueries } from './queries';
