import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredDraft, setDraftOwner } from '@/lib/drafts';
import { ChecklistEditor } from './checklist-editor';

const KEY = 'card:c1:checklist-item';

beforeEach(() => {
  localStorage.clear();
  setDraftOwner('u1');
});
afterEach(() => {
  cleanup();
  setDraftOwner(null);
});

describe('ChecklistEditor', () => {
  it('keeps the item being typed as a draft (it survives the panel closing and a reload) until it is added', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const first = render(<ChecklistEditor items={[]} onChange={onChange} draftKey={KEY} />);
    await user.type(screen.getByPlaceholderText('Add an item'), 'Book the hall');
    expect(readStoredDraft(KEY)?.text).toBe('Book the hall');
    first.unmount();

    render(<ChecklistEditor items={[]} onChange={onChange} draftKey={KEY} />);
    const input = screen.getByPlaceholderText('Add an item') as HTMLInputElement;
    expect(input.value).toBe('Book the hall');
    await user.type(input, '{Enter}');
    expect(onChange).toHaveBeenCalledWith([{ text: 'Book the hall', done: false }]);
    expect(input.value).toBe('');
    expect(readStoredDraft(KEY)).toBeNull();
  });
});
