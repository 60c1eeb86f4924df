import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Member } from '@/api';
import { memberQueries } from '@/features/members';
import { useMentionPicker } from './use-mention-picker';

const ADA = '0a0a0a0a-0000-4000-8000-000000000001';
const GRACE = '0a0a0a0a-0000-4000-8000-000000000002';
const JOSE = '0a0a0a0a-0000-4000-8000-000000000003';
const BOT = '0b0b0b0b-0000-4000-8000-000000000001';
const RETIRED = '0b0b0b0b-0000-4000-8000-000000000002';

const member = (id: string, name: string, kind: 'human' | 'agent', status: Member['status'] = 'active'): Member => ({
  id,
  name,
  kind,
  status,
  title: kind === 'human' ? 'Engineer' : 'Helper',
  manager: null,
  teamId: null,
});

const MEMBERS = [
  member(GRACE, 'Grace Hopper', 'human'),
  member(ADA, 'Ada Lovelace', 'human'),
  member(JOSE, 'José Alvarez', 'human'),
  member(BOT, 'Cafébot', 'agent'),
  member(RETIRED, 'Forecaster', 'agent', 'completed'),
];

/** A composer like the app's: a plain textarea whose own keys run only when the picker passes. */
function Composer({ onOwnKey, initial = '' }: { onOwnKey: (key: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  const mention = useMentionPicker({ value, onChange: setValue });
  return (
    <div onKeyDown={(event) => onOwnKey(`panel:${event.key}`)}>
      <textarea
        aria-label="New comment"
        value={value}
        {...mention.textareaProps}
        onKeyDown={(event) => {
          if (mention.handleKeyDown(event)) return;
          onOwnKey(event.key);
        }}
      />
      {mention.popup}
    </div>
  );
}

function renderComposer(initial?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(memberQueries.list().queryKey, MEMBERS);
  const onOwnKey = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(<Composer onOwnKey={onOwnKey} initial={initial} />, { wrapper });
  const box = screen.getByRole('textbox', { name: 'New comment' }) as HTMLTextAreaElement;
  return { box, onOwnKey, user: userEvent.setup() };
}

/** What the picker's polite live region says now. */
const announced = () => document.querySelector('[aria-live="polite"]')!.textContent;
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('mention picker', () => {
  it('opens on @ at the start of a word with people first, then agents that still work, and says how many', async () => {
    const { box, user } = renderComposer();
    await user.type(box, 'Thanks @');
    const list = await screen.findByRole('listbox', { name: 'People and agents to mention' });
    expect(optionNames()).toEqual([
      'ALAda LovelaceEngineer',
      'GHGrace HopperEngineer',
      'JAJosé AlvarezEngineer',
      'CCafébotAgent',
    ]);
    expect(announced()).toBe('4 suggestions');
    // The combobox pattern on the field: the list it controls and the option that Enter takes.
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const first = screen.getAllByRole('option')[0]!;
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
  });

  it('does not open inside a word (an e-mail address)', async () => {
    const { box, user } = renderComposer();
    await user.type(box, 'write to ada@');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-controls')).toBeNull();
  });

  it('filters by what follows the @, by any word of the name and without accents', async () => {
    const { box, user } = renderComposer();
    await user.type(box, '@hop');
    expect(optionNames()).toEqual(['GHGrace HopperEngineer']);
    expect(announced()).toBe('1 suggestion');
    await user.clear(box);
    await user.type(box, '@jose');
    expect(optionNames()).toEqual(['JAJosé AlvarezEngineer']);
    await user.clear(box);
    await user.type(box, '@zz');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(announced()).toBe('No suggestions');
  });

  it('moves with the arrows and inserts the mention with Enter, the caret after it', async () => {
    const { box, user, onOwnKey } = renderComposer();
    await user.type(box, 'Ask @');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const options = screen.getAllByRole('option');
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{Enter}');
    const mention = `@[Grace Hopper](person:${GRACE}) `;
    expect(box.value).toBe(`Ask ${mention}`);
    expect(box.selectionStart).toBe(`Ask ${mention}`.length);
    expect(screen.queryByRole('listbox')).toBeNull();
    // The composer saw none of the picker's keys (Enter did not send).
    expect(onOwnKey).not.toHaveBeenCalledWith('Enter');
    await user.keyboard('about it');
    expect(box.value).toBe(`Ask ${mention}about it`);
  });

  it('wraps from the first option to the last, and Tab inserts an agent', async () => {
    const { box, user } = renderComposer();
    await user.type(box, '@');
    await user.keyboard('{ArrowUp}{Tab}');
    expect(box.value).toBe(`@[Cafébot](agent:${BOT}) `);
    expect(document.activeElement).toBe(box);
  });

  it('inserts in the middle of a text, reusing the space after it', async () => {
    const { box, user } = renderComposer(' please');
    box.setSelectionRange(0, 0);
    await user.click(box);
    box.setSelectionRange(0, 0);
    await user.keyboard('@ad');
    await user.keyboard('{Enter}');
    expect(box.value).toBe(`@[Ada Lovelace](person:${ADA}) please`);
    expect(box.selectionStart).toBe(`@[Ada Lovelace](person:${ADA}) `.length);
  });

  it('closes with Esc without the key reaching the panel around it, until another @', async () => {
    const { box, user, onOwnKey } = renderComposer();
    await user.type(box, 'cc @gr');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onOwnKey).not.toHaveBeenCalledWith('Escape');
    expect(onOwnKey).not.toHaveBeenCalledWith('panel:Escape');
    await user.keyboard('a');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Esc again (nothing to close) belongs to the composer and the panel.
    await user.keyboard('{Escape}');
    expect(onOwnKey).toHaveBeenCalledWith('Escape');
    await user.keyboard(' @');
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(box.value).toBe('cc @gra @');
  });

  it('chooses with the mouse, and the field keeps focus', async () => {
    const { box, user } = renderComposer();
    await user.type(box, 'see @');
    await user.click(screen.getByRole('option', { name: /José Alvarez/ }));
    expect(box.value).toBe(`see @[José Alvarez](person:${JOSE}) `);
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('closes when the field loses focus', async () => {
    const { box, user } = renderComposer();
    await user.type(box, '@');
    expect(screen.getByRole('listbox')).toBeTruthy();
    act(() => box.blur());
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
