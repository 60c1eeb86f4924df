import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useTreeKeyboard } from './use-tree-keyboard';

type Node = { id: string; level: number; parent: string | null };

// Fruit ─ Apple ─ Cox
//       └ Pear
// Veg
const all: Node[] = [
  { id: 'Fruit', level: 1, parent: null },
  { id: 'Apple', level: 2, parent: 'Fruit' },
  { id: 'Cox', level: 3, parent: 'Apple' },
  { id: 'Pear', level: 2, parent: 'Fruit' },
  { id: 'Veg', level: 1, parent: null },
];
const hasChildren = (node: Node) => all.some((other) => other.parent === node.id);

function Tree({ onOpen = () => {}, onMenu = () => {}, onKey }: Partial<Parameters<typeof useTreeKeyboard<Node>>[0]>) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const hidden = (node: Node): boolean =>
    node.parent !== null && (collapsed.has(node.parent) || hidden(all.find((other) => other.id === node.parent)!));
  const rows = all.filter((node) => !hidden(node));
  const [focused, setFocused] = useState('Fruit');
  const handleKeyDown = useTreeKeyboard<Node>({
    rows,
    rowOf: (item) => rows.find((row) => row.id === item.dataset.id),
    levelOf: (row) => row.level,
    hasChildren,
    isExpanded: (row) => !collapsed.has(row.id),
    onMove: (row) => {
      setFocused(row.id);
      document.querySelector<HTMLElement>(`[data-id="${row.id}"]`)?.focus();
    },
    onToggle: (row, expand) =>
      setCollapsed((old) => {
        const next = new Set(old);
        if (expand) next.delete(row.id);
        else next.add(row.id);
        return next;
      }),
    onOpen,
    onMenu,
    onKey,
  });
  return (
    <ul role="tree" aria-label="Food" onKeyDown={handleKeyDown}>
      {rows.map((row) => (
        <li
          key={row.id}
          role="treeitem"
          data-id={row.id}
          aria-level={row.level}
          aria-expanded={hasChildren(row) ? !collapsed.has(row.id) : undefined}
          aria-selected={false}
          tabIndex={row.id === focused ? 0 : -1}
        >
          {row.id}
          <input aria-label={`Note on ${row.id}`} />
        </li>
      ))}
    </ul>
  );
}

const item = (name: string) => screen.getByRole('treeitem', { name: new RegExp(`^${name}`) });
const press = (key: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(document.activeElement!, { key, ...init });

describe('useTreeKeyboard', () => {
  it('moves with the arrow keys, Home and End, within the visible rows', () => {
    render(<Tree />);
    item('Fruit').focus();
    press('ArrowDown');
    expect(document.activeElement).toBe(item('Apple'));
    press('ArrowDown');
    press('ArrowDown');
    expect(document.activeElement).toBe(item('Pear'));
    press('ArrowUp');
    expect(document.activeElement).toBe(item('Cox'));
    press('End');
    expect(document.activeElement).toBe(item('Veg'));
    press('ArrowDown');
    expect(document.activeElement).toBe(item('Veg'));
    press('Home');
    expect(document.activeElement).toBe(item('Fruit'));
    // The tab stop follows the focus.
    expect(item('Fruit').tabIndex).toBe(0);
    expect(item('Veg').tabIndex).toBe(-1);
  });

  it('closes a level with ←, then goes up to the parent; opens with →, then goes into it', () => {
    render(<Tree />);
    item('Apple').focus();
    press('ArrowLeft');
    expect(item('Apple').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('treeitem', { name: /^Cox/ })).toBeNull();
    expect(document.activeElement).toBe(item('Apple'));
    press('ArrowDown');
    // Cox is hidden: the next visible row.
    expect(document.activeElement).toBe(item('Pear'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(item('Fruit'));
    press('ArrowDown');
    press('ArrowRight');
    expect(item('Apple').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(item('Apple'));
    press('ArrowRight');
    expect(document.activeElement).toBe(item('Cox'));
    // A leaf: → does nothing, and leaves the key to the page.
    expect(press('ArrowRight')).toBe(true);
    expect(document.activeElement).toBe(item('Cox'));
    // The top level has no parent.
    item('Veg').focus();
    press('ArrowLeft');
    expect(document.activeElement).toBe(item('Veg'));
  });

  it('opens with Enter, and the actions with the period key, the context-menu key and Shift+F10', () => {
    const onOpen = vi.fn();
    const onMenu = vi.fn();
    render(<Tree onOpen={onOpen} onMenu={onMenu} />);
    item('Pear').focus();
    expect(press('Enter')).toBe(false);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'Pear' }));
    press('.');
    press('ContextMenu');
    press('F10', { shiftKey: true });
    expect(onMenu).toHaveBeenCalledTimes(3);
    expect(onMenu).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'Pear' }), item('Pear'));
    // F10 alone is the browser's.
    expect(press('F10')).toBe(true);
    expect(onMenu).toHaveBeenCalledTimes(3);
  });

  it('leaves keys with Ctrl, Alt or Meta, and keys typed in a field inside a row, alone', () => {
    render(<Tree />);
    item('Fruit').focus();
    expect(press('ArrowDown', { altKey: true })).toBe(true);
    expect(press('ArrowDown', { ctrlKey: true })).toBe(true);
    expect(document.activeElement).toBe(item('Fruit'));
    screen.getByLabelText('Note on Fruit').focus();
    expect(press('ArrowDown')).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Note on Fruit'));
  });

  it('tries the tree’s own keys first', () => {
    const onKey = vi.fn((event: { altKey: boolean; key: string }) => event.altKey && event.key === 'ArrowDown');
    render(<Tree onKey={onKey} />);
    item('Fruit').focus();
    expect(press('ArrowDown', { altKey: true })).toBe(false);
    expect(document.activeElement).toBe(item('Fruit'));
    press('ArrowDown');
    expect(document.activeElement).toBe(item('Apple'));
  });
});
