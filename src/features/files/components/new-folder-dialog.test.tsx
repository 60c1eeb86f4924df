import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewFolderDialog } from './new-folder-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('NewFolderDialog', () => {
  it('says a name with / cannot be used, in the field’s words, keeps it, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NewFolderDialog parentId={null} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const field = screen.getByLabelText<HTMLInputElement>('Name');
    await user.type(field, 'Q3/Q4');
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(screen.getByText('A name cannot contain /.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Invalid body');
    expect(field.value).toBe('Q3/Q4');
    expect(fetch).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'Q3 and Q4');
    expect(screen.queryByText('A name cannot contain /.')).toBeNull();
  });
});
