import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebouncedValue', () => {
  it('settles on the last value once it has not changed for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: '0' },
    });
    rerender({ value: '0 9' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: '0 9 * * 1-5' });
    act(() => vi.advanceTimersByTime(299));
    // Each change restarts the wait: nothing settled yet.
    expect(result.current).toBe('0');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('0 9 * * 1-5');
  });
});
