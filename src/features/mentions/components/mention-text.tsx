import { Link } from '@tanstack/react-router';
import { Fragment, useMemo } from 'react';
import { mentionSegments } from '../syntax';
import '../mentions.css';

/**
 * A comment's or message's text with its mentions as chips (`@Name`) that open the profile: a
 * person's card on the people page, an agent's page. Everything else stays the plain text it is
 * (React text nodes: nothing in it, names included, is read as markup).
 */
export function MentionText({ text }: { text: string }) {
  const segments = useMemo(() => mentionSegments(text), [text]);
  return segments.map((segment, index) =>
    segment.type === 'text' ? (
      <Fragment key={index}>{segment.text}</Fragment>
    ) : segment.kind === 'person' ? (
      <Link key={index} className="mention-chip" data-kind="person" to="/people" search={{ person: segment.id }}>
        @{segment.name}
      </Link>
    ) : (
      <Link
        key={index}
        className="mention-chip"
        data-kind="agent"
        to="/agents/$agentId"
        params={{ agentId: segment.id }}
      >
        @{segment.name}
      </Link>
    ),
  );
}
