import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, Toaster } from './toast';

describe('toast', () => {
  const shown: number[] = [];
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => shown.splice(0).forEach(dismissToast));
    vi.useRealTimers();
  });

  it('offers an action: a button named by it and described by the message, that closes the toast', () => {
    const onAction = vi.fn();
    render(<Toaster />);
    act(
      () => void shown.push(toast('success', 'Archived “Budget”', undefined, { action: { label: 'Undo', onAction } })),
    );
    const status = screen.getByRole('status');
    const undo = within(status).getByRole('button', { name: 'Undo' });
    expect(undo.getAttribute('aria-describedby')).toBe(within(status).getByText('Archived “Budget”').id);
    fireEvent.click(undo);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(within(status).queryByText('Archived “Budget”')).toBeNull();
  });

  it('keeps a toast with an action longer, and while the pointer or the focus is on it', () => {
    render(<Toaster />);
    act(() => {
      shown.push(toast('success', 'Saved'));
      shown.push(toast('success', 'Archived', undefined, { action: { label: 'Undo', onAction: () => {} } }));
    });
    act(() => void vi.advanceTimersByTime(6_000));
    expect(screen.queryByText('Saved')).toBeNull();
    const archived = screen.getByText('Archived').closest('.toast')!;

    // Hovered: it stays, however long; let go, it goes a little later.
    fireEvent.pointerEnter(archived);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Archived')).toBeTruthy();
    fireEvent.pointerLeave(archived);
    act(() => void vi.advanceTimersByTime(3_000));
    expect(screen.getByText('Archived')).toBeTruthy();

    // Focus on its button also holds it.
    act(() =>
      within(archived as HTMLElement)
        .getByRole('button', { name: 'Undo' })
        .focus(),
    );
    act(() => void vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Archived')).toBeTruthy();
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => void vi.advanceTimersByTime(4_100));
    expect(screen.queryByText('Archived')).toBeNull();
  });

  it('keeps a sticky toast until it is dismissed, hovered or not', () => {
    render(<Toaster />);
    act(() => void shown.push(toast('info', 'Ada replaced your recent edit', undefined, { sticky: true })));
    const notice = screen.getByText('Ada replaced your recent edit').closest('.toast')!;
    act(() => void vi.advanceTimersByTime(60_000));
    fireEvent.pointerEnter(notice);
    fireEvent.pointerLeave(notice);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Ada replaced your recent edit')).toBeTruthy();
    fireEvent.click(within(notice as HTMLElement).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Ada replaced your recent edit')).toBeNull();
  });
});
