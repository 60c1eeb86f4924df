export { BoardToolbar } from './components/board-toolbar';
export { BoardView } from './components/board-view';
export { CardEditor } from './components/card-editor';
export { ProjectList } from './components/project-list';
export { hasFilters, matchesFilters, parseFilters, type BoardFilters } from './filters';
export { useBoardLive } from './live';
export { useBoardCommentCopies } from './comment-copies';
export { boardQueries, projectQueries } from './queries';
