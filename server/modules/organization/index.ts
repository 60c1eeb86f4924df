/**
 * What other modules may use of the organization module; its other files are its own
 * (eslint.config.js refuses imports of them from other modules).
 */
export { updateAgent as updateOrgAgent } from './people.ts';
export { MemberRefInput, resolveMember } from './member-ref.ts';
