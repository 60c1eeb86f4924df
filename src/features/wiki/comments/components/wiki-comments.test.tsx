import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Editor } from '@tiptap/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type Comment } from '@/api';
import { sessionQueries } from '@/features/auth';
import { setDraft, type CommentTarget } from '@/features/comments';
import { commentRanges, wikiExtensions } from '../../markdown';
import { WikiCommentUi } from '../extension';
import { WikiComments } from './wiki-comments';

const server = vi.hoisted(() => ({ comments: [] as Comment[], create: vi.fn() }));

vi.mock('../target', () => ({
  wikiCommentTarget: (): CommentTarget => ({
    key: ['comments', 'wiki', 'page-1'],
    id: 'wiki:page-1',
    events: [],
    list: async () => ({ comments: server.comments, total: server.comments.length, limit: 200, offset: 0 }),
    create: (input) => server.create(input) as Promise<Comment>,
    update: () => Promise.reject(new Error('not used')),
    remove: () => Promise.reject(new Error('not used')),
    matches: () => false,
  }),
}));

let editor: Editor;
const saveNow = vi.fn(async () => ({ revisionId: 'r2' }));

beforeEach(() => {
  // A wide window: threads sit in the margin.
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width: 1400,
    height: 900,
  });
  server.comments = [];
  server.create.mockReset();
  saveNow.mockClear();
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({
    element,
    extensions: [...wikiExtensions(), WikiCommentUi],
    content: '<p>We launch on Monday, weather permitting.</p>',
  });
});

afterEach(() => {
  editor.destroy();
  setDraft('wiki:page-1:new', '');
});

function renderMargin() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQueries.me().queryKey, { user: { id: 'user-1', name: 'Ada' } } as never);
  render(
    <QueryClientProvider client={client}>
      <WikiComments
        editor={editor}
        projectId="project-1"
        pageId="page-1"
        page={{ revisionId: 'r1' }}
        saveNow={saveNow}
      />
    </QueryClientProvider>,
  );
}

function selectText(text: string) {
  let range = { from: 0, to: 0 };
  editor.state.doc.descendants((node, pos) => {
    const index = node.isText ? node.text!.indexOf(text) : -1;
    if (index >= 0) range = { from: pos + index, to: pos + index + text.length };
  });
  editor.commands.setTextSelection(range);
}

describe('WikiComments composer', () => {
  it('keeps the text and shows the server’s message when the comment is refused, and unmarks the passage', async () => {
    const user = userEvent.setup();
    server.create.mockRejectedValue(new ApiError(400, 'anchor: The passage is not in the page', 'VALIDATION_ERROR'));
    renderMargin();
    selectText('on Monday');
    act(() => void editor.commands.openCommentComposer());
    const box = await screen.findByRole('textbox', { name: 'Comment on the selection' });
    await user.type(box, 'Is this date realistic?');
    await user.click(screen.getByRole('button', { name: 'Comment' }));

    expect((await screen.findByRole('alert')).textContent).toContain('The passage is not in the page');
    expect(screen.getByRole('textbox', { name: 'Comment on the selection' })).toHaveProperty(
      'value',
      'Is this date realistic?',
    );
    expect(saveNow).toHaveBeenCalledTimes(1);
    expect(server.create).toHaveBeenCalledWith(
      expect.objectContaining({ text: 'Is this date realistic?', quote: 'on Monday' }),
    );
    expect(commentRanges(editor.state.doc).size).toBe(0);
  });

  it('creates the thread on a second try, and shows it in the margin with the passage highlighted', async () => {
    const user = userEvent.setup();
    server.create.mockRejectedValueOnce(new ApiError(0, 'Cannot reach the server.', 'NETWORK_ERROR'));
    server.create.mockImplementation(async (input: { text: string; anchor: string; quote: string }) => {
      const created: Comment = {
        id: '11111111-1111-4111-8111-111111111111',
        parentId: null,
        author: 'Ada',
        authorUserId: 'user-1',
        text: input.text,
        anchor: input.anchor,
        quote: input.quote,
        resolvedAt: null,
        detachedAt: null,
        at: new Date().toISOString(),
      };
      server.comments = [created];
      return created;
    });
    renderMargin();
    selectText('on Monday');
    act(() => void editor.commands.openCommentComposer());
    await user.type(await screen.findByRole('textbox', { name: 'Comment on the selection' }), 'Realistic?');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Comment' }));

    const thread = await screen.findByRole('listitem', { name: 'Comment on “on Monday” by Ada', hidden: true });
    expect(thread.textContent).toContain('Realistic?');
    expect(screen.queryByRole('textbox', { name: 'Comment on the selection' })).toBeNull();
    const [anchor] = [...commentRanges(editor.state.doc).keys()];
    await waitFor(() => {
      const highlight = editor.view.dom.querySelector(`[data-anchor="${anchor}"]`);
      expect(highlight?.className).toContain('is-open');
      expect(highlight?.className).toContain('is-active');
      expect(highlight?.textContent).toBe('on Monday');
    });
  });

  it('cancels without marking anything', async () => {
    const user = userEvent.setup();
    renderMargin();
    selectText('Monday');
    act(() => void editor.commands.openCommentComposer());
    await user.type(await screen.findByRole('textbox', { name: 'Comment on the selection' }), 'Never mind');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Comment on the selection' })).toBeNull();
    expect(commentRanges(editor.state.doc).size).toBe(0);
    expect(saveNow).not.toHaveBeenCalled();
  });
});
