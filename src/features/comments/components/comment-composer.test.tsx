import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api';
import { getCommentDraft, setDraft } from '../drafts';
import { COMMENT_MAX, Composer } from './comment-composer';

afterEach(() => setDraft('thread-1', ''));

/** The mention picker reads the company's members through the query cache. */
function queryWrapper() {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

function renderComposer(props: Partial<Parameters<typeof Composer>[0]> = {}) {
  const onSubmit = vi.fn();
  const view = render(
    <Composer
      draftKey="thread-1"
      label="Reply"
      submitLabel="Send"
      pending={false}
      error={null}
      onSubmit={onSubmit}
      {...props}
    />,
    { wrapper: queryWrapper() },
  );
  return { onSubmit, ...view };
}

describe('Composer', () => {
  it('keeps the draft per thread, so it survives the composer going away', async () => {
    const user = userEvent.setup();
    const { unmount } = renderComposer();
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Half a thought');
    unmount();
    expect(getCommentDraft('thread-1')).toBe('Half a thought');
    renderComposer();
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveProperty('value', 'Half a thought');
  });

  it('sends once on a double click; a refusal lets the same text be sent again', async () => {
    const user = userEvent.setup();
    const { onSubmit, rerender } = renderComposer();
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Once');
    // The mutation's pending state reaches the composer only later: the second click comes first.
    await user.dblClick(screen.getByRole('button', { name: 'Send' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <Composer
        draftKey="thread-1"
        label="Reply"
        submitLabel="Send"
        pending={false}
        error={new ApiError(503, 'Try again in a moment')}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit.mock.calls[1]![0]).toBe('Once');
  });

  it('sends with Ctrl+Enter and clears the draft only once the send is done', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderComposer();
    const box = screen.getByRole('textbox', { name: 'Reply' });
    await user.type(box, 'Ship it');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [text, done] = onSubmit.mock.calls[0] as [string, () => void];
    expect(text).toBe('Ship it');
    expect(box).toHaveProperty('value', 'Ship it');
    done();
    expect(getCommentDraft('thread-1')).toBe('');
  });

  it('shows a counter near the limit and refuses text over it', () => {
    renderComposer();
    const box = screen.getByRole('textbox', { name: 'Reply' });
    expect(screen.queryByText(/\/10,000/)).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(COMMENT_MAX * 0.95) } });
    expect(screen.getByText(`${(COMMENT_MAX * 0.95).toLocaleString()}/${COMMENT_MAX.toLocaleString()}`)).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(COMMENT_MAX + 1) } });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s message when a send is refused, and keeps the text', () => {
    setDraft('thread-1', 'My reply');
    renderComposer({ error: new ApiError(400, 'text: Too long for this thread', 'VALIDATION_FAILED') });
    expect(screen.getByRole('alert').textContent).toContain('Too long for this thread');
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveProperty('value', 'My reply');
  });
});
