import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConflictDialog, type ConflictDialogProps } from './conflict-dialog';

const doc = (...blocks: string[]) => `${blocks.join('\n\n')}\n`;
const base = { title: 'Launch plan', markdown: doc('# Launch', 'Budget is 10k.', 'Owner: Ada.', 'The end.') };
const theirs = {
  title: 'Launch plan',
  markdown: base.markdown.replace('Owner: Ada.', 'Owner: Ada and Bo.'),
  revisionId: '00000000-0000-4000-8000-000000000002',
  updatedBy: { name: 'Ada Lovelace', userId: '00000000-0000-4000-8000-00000000000a' },
  updatedAt: new Date(Date.now() - 120_000).toISOString(),
};

function renderDialog(mine: { title: string; markdown: string }, props: Partial<ConflictDialogProps> = {}) {
  const handlers = { onReapply: vi.fn(), onKeepMine: vi.fn(), onDiscardMine: vi.fn(), onClose: vi.fn() };
  render(<ConflictDialog base={base} mine={mine} theirs={theirs} {...handlers} {...props} />);
  return handlers;
}

describe('ConflictDialog', () => {
  it('explains who saved meanwhile, and offers to apply my changes on top when they merge', async () => {
    const user = userEvent.setup();
    const mine = { title: base.title, markdown: base.markdown.replace('Budget is 10k.', 'Budget is 12k.') };
    const { onReapply, onKeepMine, onDiscardMine } = renderDialog(mine);

    const dialog = screen.getByRole('dialog', { name: 'Ada Lovelace saved this page while you were editing' });
    expect(within(dialog).getByText(/touch different parts of the page/)).toBeTruthy();
    expect(within(dialog).getByText('What Ada Lovelace changed')).toBeTruthy();
    expect(within(dialog).getByText('What you changed')).toBeTruthy();
    // The result preview: my change shown on top of theirs.
    const result = within(dialog).getByRole('region', {
      name: 'Your changes applied on top of Ada Lovelace’s version',
    });
    expect(within(result).getByText('1 block changed: 1 edited')).toBeTruthy();

    const apply = within(dialog).getByRole('button', { name: 'Apply my changes on top' });
    expect(document.activeElement).toBe(apply);
    await user.click(apply);
    expect(onReapply).toHaveBeenCalledWith(
      doc('# Launch', 'Budget is 12k.', 'Owner: Ada and Bo.', 'The end.'),
      'Launch plan',
    );
    expect(onKeepMine).not.toHaveBeenCalled();
    expect(onDiscardMine).not.toHaveBeenCalled();
  });

  it('shows the conflicting blocks and offers keep or discard, not reapply', () => {
    const mine = { title: base.title, markdown: base.markdown.replace('Owner: Ada.', 'Owner: Cy.') };
    renderDialog(mine);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/changed the same part of the page/)).toBeTruthy();
    const places = within(dialog).getByRole('list', { name: 'Parts you both changed' });
    expect(places.textContent).toContain('The block at line 5: “Owner: Ada.”');
    expect(places.textContent).toContain('Ada Lovelace’s: “Owner: Ada and Bo.”');
    expect(places.textContent).toContain('Yours: “Owner: Cy.”');
    expect(within(dialog).queryByRole('button', { name: 'Apply my changes on top' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Keep my version…' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Discard my changes…' })).toBeTruthy();
  });

  it('names a title both renamed differently as a conflict', () => {
    renderDialog({ title: 'My title', markdown: base.markdown }, { theirs: { ...theirs, title: 'Their title' } });
    const places = screen.getByRole('list', { name: 'Parts you both changed' });
    expect(places.textContent).toContain('The title');
    expect(places.textContent).toContain('Yours: “My title”');
  });

  it('keeps my version only after showing what it changes in theirs', async () => {
    const user = userEvent.setup();
    const mine = { title: base.title, markdown: base.markdown.replace('Owner: Ada.', 'Owner: Cy.') };
    const { onKeepMine } = renderDialog(mine);
    await user.click(screen.getByRole('button', { name: 'Keep my version…' }));
    expect(onKeepMine).not.toHaveBeenCalled();
    expect(document.activeElement?.textContent).toBe('Keep my version');
    expect(screen.getByText(/text stays in the history/)).toBeTruthy();
    const diff = screen.getByRole('region', { name: 'Your version compared with Ada Lovelace’s' });
    expect(diff.querySelector('del')?.textContent).toContain('Ada and Bo');
    expect(diff.querySelector('ins')?.textContent).toContain('Cy');
    await user.click(screen.getByRole('button', { name: 'Save my version' }));
    expect(onKeepMine).toHaveBeenCalledTimes(1);
  });

  it('discards my changes only after a confirmation, with a way to copy them first', async () => {
    const user = userEvent.setup();
    const mine = { title: base.title, markdown: base.markdown.replace('Owner: Ada.', 'Owner: Cy.') };
    const { onDiscardMine } = renderDialog(mine);
    await user.click(screen.getByRole('button', { name: 'Discard my changes…' }));
    expect(onDiscardMine).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Discard my changes?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy my text' })).toBeTruthy();

    // Going back returns to the choice, with focus on the button that left it.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onDiscardMine).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Discard my changes…' }));

    await user.click(screen.getByRole('button', { name: 'Discard my changes…' }));
    await user.click(screen.getByRole('button', { name: 'Discard my changes' }));
    expect(onDiscardMine).toHaveBeenCalledTimes(1);
  });

  it('closes without choosing: the caller keeps my edit', async () => {
    const user = userEvent.setup();
    const { onClose, onDiscardMine, onKeepMine, onReapply } = renderDialog({ title: 'x', markdown: 'y' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect([onDiscardMine, onKeepMine, onReapply].every((handler) => handler.mock.calls.length === 0)).toBe(true);
  });
});
