export { type Block, type BlockKind, joinBlocks, splitBlocks } from './blocks';
export { blockDiff, wordDiff, type BlockDiff, type DiffEntry, type WordPart } from './block-diff';
export {
  mergeMarkdown,
  tryAutoMerge,
  type AutoMergeResult,
  type BlockRange,
  type MergeConflict,
  type MergeResult,
  type PageText,
} from './merge';
export { readableMarkdown } from './readable';
