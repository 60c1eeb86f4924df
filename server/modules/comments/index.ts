/**
 * What other modules may use of the comments module (the wiki's page threads share the shape and
 * the bounds of card comments); its other files are its own.
 */
export { commentChanges } from './changes.ts';
export {
  COMMENT_MAX,
  type Comment,
  CommentPageQuery,
  CommentPageSchema,
  CommentSchema,
  CommentTextSchema,
  UpdateCommentRequest,
} from './schemas.ts';
