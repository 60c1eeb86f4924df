export { CommentThreads } from './components/comment-threads';
export type { CommentChange } from './mutations';
export { cardCommentTarget, type CommentTarget } from './target';
