export { memberQueries, useMemberMap } from './queries';
export { assigneeOptions, isAssignable } from './assignees';
