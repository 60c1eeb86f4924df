export { CommentThreads } from './components/comment-threads';
export { COMMENT_MAX, Composer } from './components/comment-composer';
export { ThreadView, type Mutations as CommentMutations } from './components/comment-view';
export { setDraft, useDrafts } from './drafts';
export { useCommentLive } from './live';
export { useCommentMutations, type CommentChange } from './mutations';
export { commentQueries } from './queries';
export { cardCommentTarget, type CommentTarget, type NewComment } from './target';
export { threadsOf, type Thread } from './threads';
