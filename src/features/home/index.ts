export { Home } from './components/home';
export { ActivityList } from './components/activity-list';
export { homeQueries } from './queries';
export { recentBoardsOf, rememberBoardVisit, type RecentBoard } from './recent-boards';
