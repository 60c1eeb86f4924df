import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useOrgDialog } from './dialog-store';
import { MemberPicker } from './member-picker';
import { managerOptions } from './options';
import { testChart } from './test-chart';
import { StructureWarnings } from './warnings-panel';

function renderPanel(canEdit = true) {
  const chart = { ...testChart(), canEdit };
  const onShowNode = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StructureWarnings chart={chart} onShowNode={onShowNode} />
    </QueryClientProvider>,
  );
  return { onShowNode, panel: screen.getByRole('region', { name: 'Structure warnings (3)' }) };
}

describe('StructureWarnings', () => {
  it('lists each issue in words, shows its node, and opens the fix that needs a choice', async () => {
    const user = userEvent.setup();
    const { onShowNode, panel } = renderPanel();
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.org-warning-text')?.textContent)).toEqual([
      'Design has no lead',
      'Design has no people or agents',
      'Stray: nobody is responsible',
    ]);
    await user.click(within(items[2]!).getByRole('button', { name: 'Show on chart' }));
    expect(onShowNode).toHaveBeenCalledWith('agent:stray');
    await user.click(within(items[2]!).getByRole('button', { name: 'Set responsible person…' }));
    expect(useOrgDialog.getState().request).toEqual({ kind: 'set-responsible', agentId: 'stray' });
    expect(within(items[1]!).getByRole('button', { name: 'Delete team' })).toBeTruthy();
  });

  it('offers no fixes to someone who cannot edit', () => {
    const { panel } = renderPanel(false);
    expect(within(panel).queryByRole('button', { name: 'Delete team' })).toBeNull();
    expect(within(panel).getAllByRole('button', { name: 'Show on chart' })).toHaveLength(3);
  });
});

function Picker({ of }: { of: string }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <MemberPicker
      label="Find a person"
      listLabel="People"
      options={managerOptions(testChart(), { kind: 'human', id: of })}
      value={value}
      onChange={setValue}
    />
  );
}

describe('MemberPicker', () => {
  it('filters as one types (accents folded), and arrows choose among what can be chosen', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Picker of="max" />);
    const filter = screen.getByRole('combobox', { name: 'Find a person' });
    await user.type(filter, 'zoe');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Zoë CaféDesigner']);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Zoë Café/ }).getAttribute('aria-selected')).toBe('true');
    expect(filter.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Zoë/ }).id);

    await user.clear(filter);
    await user.type(filter, 'nobody at all');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Nothing matches “nobody at all”.')).toBeTruthy();
    unmount();

    // Those under Grace are listed for her but cannot be chosen: the arrows skip them.
    render(<Picker of="grace" />);
    const again = screen.getByRole('combobox', { name: 'Find a person' });
    await user.type(again, 'a');
    const options = screen.getAllByRole('option');
    expect(options.find((option) => option.textContent?.startsWith('Max'))?.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const chosen = options.find((option) => option.getAttribute('aria-selected') === 'true');
    expect(chosen?.getAttribute('aria-disabled')).toBeNull();
    // No manager, Ada, then Ken: Hedy (under Grace) is skipped.
    expect(chosen?.textContent).toMatch(/^Ken Ito/);
  });
});
