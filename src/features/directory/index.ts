export { PeopleDirectory } from './components/people-directory';
export { TeamDirectory } from './components/team-directory';
export { teamQueries } from './queries';
