import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToolsInput } from './tools-input';

/** The input inside a form, as in the grant dialog: Enter must not submit it. */
function Harness({ initial = [], onSubmit }: { initial?: string[]; onSubmit: () => void }) {
  const [tools, setTools] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ToolsInput label="Allowed tools" value={tools} onChange={setTools} />
      <output data-testid="tools">{tools.join('|')}</output>
      <button type="submit">Save</button>
    </form>
  );
}

function setup(initial?: string[]) {
  const onSubmit = vi.fn();
  render(<Harness initial={initial} onSubmit={onSubmit} />);
  return {
    onSubmit,
    field: screen.getByRole('textbox', { name: 'Allowed tools' }),
    tools: () => screen.getByTestId('tools').textContent,
  };
}

describe('ToolsInput', () => {
  it('adds a tool on Enter and on a comma, without submitting the form', async () => {
    const user = userEvent.setup();
    const { field, tools, onSubmit } = setup();
    await user.type(field, 'issues.read{Enter}');
    expect(tools()).toBe('issues.read');
    expect((field as HTMLInputElement).value).toBe('');
    await user.type(field, ' pulls:create ,');
    expect(tools()).toBe('issues.read|pulls:create');
    await user.type(field, '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    const chips = within(screen.getByRole('list', { name: 'Allowed tools' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['issues.read', 'pulls:create']);
  });

  it('Backspace in the empty field removes the last tool; with text it only edits the text', async () => {
    const user = userEvent.setup();
    const { field, tools } = setup(['a', 'b', 'c']);
    await user.type(field, 'xy{Backspace}');
    expect(tools()).toBe('a|b|c');
    expect((field as HTMLInputElement).value).toBe('x');
    await user.type(field, '{Backspace}{Backspace}');
    expect(tools()).toBe('a|b');
    await user.keyboard('{Backspace}');
    expect(tools()).toBe('a');
  });

  it('each chip is removed from the keyboard by its own button, and focus returns to the field', async () => {
    const user = userEvent.setup();
    const { field, tools } = setup(['repo.read', 'repo.write']);
    const remove = screen.getByRole('button', { name: 'Remove repo.read' });
    remove.focus();
    await user.keyboard('{Enter}');
    expect(tools()).toBe('repo.write');
    expect(document.activeElement).toBe(field);
    screen.getByRole('button', { name: 'Remove repo.write' }).focus();
    await user.keyboard(' ');
    expect(tools()).toBe('');
    expect(screen.queryByRole('list', { name: 'Allowed tools' })).toBeNull();
  });

  it('refuses a name the server would refuse, or a duplicate, and keeps the text', async () => {
    const user = userEvent.setup();
    const { field, tools } = setup(['issues.read']);
    await user.type(field, 'has space{Enter}');
    expect(tools()).toBe('issues.read');
    expect((field as HTMLInputElement).value).toBe('has space');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('A tool name has letters, digits and _ . : / - only.')).toBeTruthy();
    await user.clear(field);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.type(field, 'issues.read{Enter}');
    expect(screen.getByText('“issues.read” is already in the list.')).toBeTruthy();
    expect(tools()).toBe('issues.read');
  });

  it('a pasted list becomes several tools, and what is typed is added when the field is left', async () => {
    const user = userEvent.setup();
    const { field, tools } = setup();
    await user.click(field);
    await user.paste('a.read, b.write, c');
    expect(tools()).toBe('a.read|b.write|c');
    await user.type(field, 'd.list');
    await user.tab();
    expect(tools()).toBe('a.read|b.write|c|d.list');
  });
});
