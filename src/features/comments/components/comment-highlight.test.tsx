import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comment } from '@/api';
import { CommentHighlight } from '../highlight';
import type { CommentTarget } from '../target';
import { CommentThreads } from './comment-threads';

const ROOT = '11111111-1111-4111-8111-111111111111';
const REPLY = '22222222-2222-4222-8222-222222222222';
const RESOLVED_ROOT = '33333333-3333-4333-8333-333333333333';
const RESOLVED_REPLY = '44444444-4444-4444-8444-444444444444';

const comment = (id: string, text: string, extra: Partial<Comment> = {}): Comment => ({
  id,
  parentId: null,
  author: 'Grace',
  authorUserId: 'user-2',
  text,
  anchor: null,
  quote: null,
  resolvedAt: null,
  detachedAt: null,
  at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const COMMENTS = [
  comment(ROOT, 'Can we ship Friday?'),
  comment(REPLY, 'Only if QA signs off.', { parentId: ROOT, author: 'Ada', authorUserId: 'user-1' }),
  comment(RESOLVED_ROOT, 'Old question', { resolvedAt: '2026-11-21T10:00:00.000Z' }),
  comment(RESOLVED_REPLY, 'Old answer', { parentId: RESOLVED_ROOT }),
];

const target: CommentTarget = {
  key: ['comments', 'card', 'card-1'],
  id: 'card:card-1',
  events: [],
  list: async () => ({ comments: COMMENTS, total: COMMENTS.length, limit: 200, offset: 0 }),
  create: () => Promise.reject(new Error('not used')),
  update: () => Promise.reject(new Error('not used')),
  remove: () => Promise.reject(new Error('not used')),
  matches: () => false,
};

function renderThreads(commentId: string | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CommentHighlight commentId={commentId}>
        <CommentThreads target={target} userId="user-1" />
      </CommentHighlight>
    </QueryClientProvider>,
  );
}

const highlighted = () => document.querySelectorAll('[data-highlighted]');
/** The thread list's own live note (the composer below has another, for mention suggestions). */
const linkNote = () => document.querySelector('.comments > [role="status"]')!;

describe('a linked comment (?comment=)', () => {
  it('is highlighted and takes focus, and only it', async () => {
    renderThreads(REPLY);
    const reply = await screen.findByRole('article', { name: /^Ada,/ });
    expect(reply.hasAttribute('data-highlighted')).toBe(true);
    expect(reply.getAttribute('tabindex')).toBe('-1');
    expect(highlighted()).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(reply));
    expect(linkNote().textContent).toBe('');
  });

  it('in a resolved thread shows the resolved threads', async () => {
    renderThreads(RESOLVED_REPLY);
    await waitFor(() => expect(highlighted()).toHaveLength(1));
    expect(highlighted()[0]!.textContent).toContain('Old answer');
    expect(screen.getByRole('checkbox', { name: /Show resolved/ })).toHaveProperty('checked', true);
    await waitFor(() => expect(document.activeElement).toBe(highlighted()[0]));
  });

  it('that is gone says so, politely', async () => {
    renderThreads('55555555-5555-4555-8555-555555555555');
    await screen.findByText('Can we ship Friday?');
    const note = linkNote();
    expect(note.textContent).toBe('That comment was deleted.');
    expect(note.getAttribute('aria-live') ?? 'polite').toBe('polite');
    expect(highlighted()).toHaveLength(0);
  });

  it('without a link, nothing is highlighted and resolved threads stay folded', async () => {
    renderThreads(undefined);
    await screen.findByText('Can we ship Friday?');
    expect(highlighted()).toHaveLength(0);
    expect(screen.queryByText('Old answer')).toBeNull();
    expect(linkNote().textContent).toBe('');
  });
});
