import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api';
import { memberQueries } from '@/features/members';
import { readStoredDraft, setDraftOwner } from '@/lib/drafts';
import { getChatDraft, setChatDraft } from '../drafts';
import { ChatComposer, MESSAGE_MAX } from './chat-composer';

const KEY = 'session:test';

beforeEach(() => setDraftOwner('u1'));
afterEach(() => {
  setChatDraft(KEY, '');
  setDraftOwner(null);
});

const HEDY = '0a0a0a0a-0000-4000-8000-000000000001';

/** The mention picker reads the company's members through the query cache. */
function queryWrapper() {
  const client = new QueryClient();
  client.setQueryData(memberQueries.list().queryKey, [
    { id: HEDY, name: 'Hedy Lamarr', kind: 'human', status: 'active', title: 'Engineer', manager: null, teamId: null },
  ]);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

function renderComposer(props: Partial<Parameters<typeof ChatComposer>[0]> = {}) {
  const onSend = vi.fn();
  const view = render(
    <ChatComposer draftKey={KEY} label="Message Cafébot" pending={false} error={null} onSend={onSend} {...props} />,
    { wrapper: queryWrapper() },
  );
  return { onSend, box: screen.getByRole('textbox', { name: 'Message Cafébot' }), ...view };
}

describe('ChatComposer', () => {
  it('sends with Enter, and clears the draft only once the message was taken', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();
    await user.type(box, 'find roadmap{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    const [text, sent] = onSend.mock.calls[0] as [string, () => void];
    expect(text).toBe('find roadmap');
    expect(box).toHaveProperty('value', 'find roadmap');
    act(() => sent());
    expect(getChatDraft(KEY)).toBe('');
    expect(box).toHaveProperty('value', '');
  });

  it('sends once on a double click or a repeated Enter; once the message was taken, the next one goes', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();
    await user.type(box, 'once');
    await user.dblClick(screen.getByRole('button', { name: 'Send' }));
    await user.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    act(() => (onSend.mock.calls[0] as [string, () => void])[1]());
    await user.type(box, 'next{Enter}');
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(onSend.mock.calls[1]![0]).toBe('next');
  });

  it('starts a new line with Shift+Enter instead of sending', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveProperty('value', 'first line\nsecond line');
  });

  it('leaves the field with Esc, keeping the text', async () => {
    const user = userEvent.setup();
    const { box } = renderComposer();
    await user.type(box, 'half a thought');
    expect(document.activeElement).toBe(box);
    await user.keyboard('{Escape}');
    expect(document.activeElement).not.toBe(box);
    expect(box).toHaveProperty('value', 'half a thought');
  });

  it('does not send an empty or blank message', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();
    await user.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the draft per conversation, so it survives the composer going away', async () => {
    const user = userEvent.setup();
    const { box, unmount } = renderComposer();
    await user.type(box, 'draft');
    unmount();
    expect(readStoredDraft(`chat:${KEY}`)?.text).toBe('draft');
    const again = renderComposer();
    expect(again.box).toHaveProperty('value', 'draft');
  });

  it('shows a counter near the limit and refuses text over it', () => {
    const { onSend, box } = renderComposer();
    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_MAX - 10) } });
    expect(screen.getByText(`${(MESSAGE_MAX - 10).toLocaleString()}/${MESSAGE_MAX.toLocaleString()}`)).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_MAX + 1) } });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('suggests people on @: Enter takes the suggestion instead of sending, Esc closes it and keeps focus', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();
    await user.type(box, 'ask @hed');
    expect(screen.getByRole('listbox').textContent).toContain('Hedy Lamarr');
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveProperty('value', `ask @[Hedy Lamarr](person:${HEDY}) `);
    await user.type(box, '@');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(box);
    await user.keyboard('{Backspace}{Enter}');
    expect(onSend).toHaveBeenCalledWith(`ask @[Hedy Lamarr](person:${HEDY})`, expect.any(Function));
  });

  it('shows the server’s refusal and keeps the text', () => {
    setChatDraft(KEY, 'my question');
    renderComposer({ error: new ApiError(400, 'text: Too long', 'VALIDATION_ERROR') });
    expect(screen.getByRole('alert').textContent).toContain('text: Too long');
    expect(screen.getByRole('textbox', { name: 'Message Cafébot' })).toHaveProperty('value', 'my question');
  });

  it('is off, with the reason, when the agent takes no new messages', () => {
    const { box } = renderComposer({ disabledReason: 'Cafébot is paused.' });
    expect(box).toHaveProperty('disabled', true);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('Cafébot is paused.');
  });
});
