/**
 * What other modules may use of the comments module (the wiki's page threads share the shape and
 * the bounds of card comments, and what a comment's mentions and replies cause); its other files are its own.
 */
export { commentChanges } from './changes.ts';
export { announceComment, COMMENT_EDIT_MENTIONS_NOTE, COMMENT_MENTIONS_NOTE, type CommentSubject } from './mentions.ts';
export {
  COMMENT_MAX,
  type Comment,
  CommentPageQuery,
  CommentPageSchema,
  CommentSchema,
  CommentTextSchema,
  UpdateCommentRequest,
} from './schemas.ts';
