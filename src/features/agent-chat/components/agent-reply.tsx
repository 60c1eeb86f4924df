import { useMemo } from 'react';
import { MentionText, mentionSegments, mentionSyntax } from '@/features/mentions';
import { SafeMarkdown } from '@/ui/safe-markdown';

const PLACEHOLDER = /\uE000(\d+)\uE001/g;

/**
 * A reply's Markdown with its mentions (`@[Name](person:<id>)`, which Markdown would read as a link)
 * set aside as private-use placeholders, and `restore`, which puts them back into a run of text.
 * Private-use characters the reply itself holds are dropped, so none is taken for a placeholder.
 */
export function setMentionsAside(text: string): { markdown: string; restore: (run: string) => string } {
  const mentions: string[] = [];
  const markdown = mentionSegments(text.replace(/[\uE000\uE001]/g, ''))
    .map((segment) =>
      segment.type === 'text'
        ? segment.text
        : `\uE000${mentions.push(mentionSyntax(segment.kind, segment.id, segment.name)) - 1}\uE001`,
    )
    .join('');
  return {
    markdown,
    restore: (run) => run.replace(PLACEHOLDER, (_all, index: string) => mentions[Number(index)] ?? ''),
  };
}

/**
 * An agent's reply, shown as the Markdown it is written in (lists, emphasis, code, tables, links)
 * through the safe renderer of file previews: no HTML from the reply reaches the page. Its
 * mentions are chips that open the profile, as in any message.
 */
export function AgentReply({ text }: { text: string }) {
  const { markdown, restore } = useMemo(() => setMentionsAside(text), [text]);
  return (
    <SafeMarkdown
      className="agent-message-text agent-message-markdown"
      markdown={markdown}
      renderText={(run) => <MentionText text={restore(run)} />}
    />
  );
}
