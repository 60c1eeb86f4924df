/** Anchored comment threads of wiki pages: the editor extension and the margin beside the editor. */
export { WikiComments, type WikiCommentsProps } from './components/wiki-comments';
export { WikiCommentUi } from './extension';
export { wikiCommentTarget } from './target';
