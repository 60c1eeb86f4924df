import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { diffSummary, RevisionDiff } from './revision-diff';

const doc = (...blocks: string[]) => `${blocks.join('\n\n')}\n`;

describe('RevisionDiff', () => {
  it('summarises the changes in words', () => {
    expect(diffSummary({ added: 2, removed: 1, changed: 0 })).toBe('3 blocks changed: 2 added, 1 removed');
    expect(diffSummary({ added: 0, removed: 0, changed: 1 })).toBe('1 block changed: 1 edited');
    expect(diffSummary({ added: 0, removed: 0, changed: 0 })).toBe('No changes');
  });

  it('shows the text without comment-highlight or block-key syntax', () => {
    const id = '0b7a4c1e-2f3d-4a5b-8c6d-7e8f9a0b1c2d';
    const { container } = render(
      <RevisionDiff
        before={doc('The launch is on Monday.', '<!-- block:k1 -->\n```\nx\n```')}
        after={doc(`The [comment id="${id}"]launch[/comment] is on Tuesday.`, '<!-- block:k1 -->\n```\nx\n```')}
      />,
    );
    expect(container.textContent).not.toMatch(/\[comment|\[\/comment\]|block:k1/);
    expect(container.querySelector('[data-change="changed"]')?.textContent).toContain('launch');
  });

  it('says when only comment highlights changed', () => {
    const id = '0b7a4c1e-2f3d-4a5b-8c6d-7e8f9a0b1c2d';
    render(<RevisionDiff before={doc('We launch.')} after={doc(`We [comment id="${id}"]launch[/comment].`)} />);
    expect(screen.getByText('Only comment highlights changed.')).toBeTruthy();
  });

  it('shows added, removed and edited blocks with ins/del and words for screen readers', () => {
    const { container } = render(
      <RevisionDiff
        label="Changes from revision 1 to revision 2"
        before={doc('# Plan', 'The launch is on Monday.', 'Drop this paragraph entirely')}
        after={doc('# Plan', 'The launch is on Tuesday.', '- [ ] brand new task')}
      />,
    );
    const region = screen.getByRole('region', { name: 'Changes from revision 1 to revision 2' });
    expect(within(region).getByText('3 blocks changed: 1 edited, 1 added, 1 removed')).toBeTruthy();

    const added = container.querySelector('[data-change="added"] ins');
    expect(added?.textContent).toBe('Added block: - [ ] brand new task');
    const removed = container.querySelector('[data-change="removed"] del');
    expect(removed?.textContent).toBe('Removed block: Drop this paragraph entirely');

    const edited = container.querySelector('[data-change="changed"]');
    expect(edited?.querySelector('del')?.textContent).toBe('[removed: Monday]');
    expect(edited?.querySelector('ins')?.textContent).toBe('[added: Tuesday]');
    expect(edited?.textContent).toContain('Edited block: The launch is on');
    // The words for screen readers are hidden visually; the markers are hidden from them.
    for (const hint of container.querySelectorAll('ins > span, del > span'))
      expect(hint.className).toBe('visually-hidden');
    for (const marker of container.querySelectorAll('.diff-marker'))
      expect(marker.getAttribute('aria-hidden')).toBe('true');
  });

  it('renders Markdown and HTML as text, never as markup', () => {
    const { container } = render(
      <RevisionDiff before="" after={'<img src=x onerror="alert(1)"> **bold** [comment id="a"]x[/comment]'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('strong')).toBeNull();
    expect(container.querySelector('ins')?.textContent).toContain('<img src=x onerror="alert(1)"> **bold**');
  });

  it('folds long unchanged runs behind a toggle, keeping a block of context beside each change', async () => {
    const user = userEvent.setup();
    const blocks = Array.from({ length: 14 }, (_, i) => `Paragraph number ${i + 1}`);
    render(<RevisionDiff before={doc(...blocks)} after={doc(...blocks.slice(0, 13), 'A different ending')} />);
    expect(screen.getByText('Paragraph number 13')).toBeTruthy();
    expect(screen.queryByText('Paragraph number 5')).toBeNull();
    const toggle = screen.getByRole('button', { name: '12 unchanged blocks' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(screen.getByText('Paragraph number 5')).toBeTruthy();
    const hide = screen.getByRole('button', { name: 'Hide 12 unchanged blocks' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(hide);
  });

  it('says so when the texts are the same', () => {
    render(<RevisionDiff before={doc('Same')} after={doc('Same')} emptyMessage="Nothing changed." />);
    expect(screen.getByText('No changes')).toBeTruthy();
    expect(screen.getByText('Nothing changed.')).toBeTruthy();
  });
});
