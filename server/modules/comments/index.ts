/**
 * What other modules may use of the comments module (the wiki's page threads share the shape, the
 * bounds and the edit rules of card comments, and the notes on what mentions do); its other files
 * are its own.
 */
export { commentChanges } from './changes.ts';
export { COMMENT_EDIT_MENTIONS_NOTE, COMMENT_MENTIONS_NOTE } from './mentions.ts';
export {
  COMMENT_MAX,
  type Comment,
  CommentPageQuery,
  CommentPageSchema,
  CommentSchema,
  CommentTextSchema,
  UpdateCommentRequest,
} from './schemas.ts';
