export { Home } from './components/home';
export { homeQueries } from './queries';
export { recentBoardsOf, rememberBoardVisit, type RecentBoard } from './recent-boards';
