export { memberQueries, useMemberMap } from './queries';
