/**
 * What other modules may use of the cards module; its other files are its own (eslint.config.js
 * refuses imports of them from other modules).
 */
export { BoardCardSchema, PrioritySchema } from './schemas.ts';
export { commentCopies, presentBoardCard } from './present.ts';
export { searchProviders } from './search.ts';
