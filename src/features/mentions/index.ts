/** Mentions: the picker every composer uses, the chips every comment and message view shows. */
export { filterCandidates, mentionCandidates, type MentionCandidate } from './candidates';
export { MentionText } from './components/mention-text';
export {
  mentionQueryAt,
  mentionSegments,
  mentionsAsText,
  mentionSyntax,
  type Mention,
  type MentionKind,
} from './syntax';
export { useMentionPicker, type MentionPicker, type MentionTextareaProps } from './use-mention-picker';
