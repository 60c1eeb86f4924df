import { act, renderHook } from '@testing-library/react';
import type { MutateOptions } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { useSubmitOnce } from './use-single-flight';

type Options = MutateOptions<unknown, unknown, string>;

describe('useSubmitOnce', () => {
  it('sends one call at a time: another while it is on its way does nothing, and the next goes once it settled', () => {
    const calls: { variables: string; options: Options }[] = [];
    const mutate = vi.fn((variables: string, options?: Options) => void calls.push({ variables, options: options! }));
    const { result } = renderHook(() => useSubmitOnce(mutate));
    const onSuccess = vi.fn();
    const onSettled = vi.fn();
    act(() => {
      result.current('first', { onSuccess, onSettled });
      result.current('again');
    });
    expect(mutate).toHaveBeenCalledTimes(1);
    // The caller's own callbacks still run.
    expect(calls[0]!.options.onSuccess).toBe(onSuccess);
    act(() => calls[0]!.options.onSettled!(undefined, null, 'first', undefined, {} as never));
    expect(onSettled).toHaveBeenCalledTimes(1);
    act(() => result.current('second'));
    expect(calls.map((call) => call.variables)).toEqual(['first', 'second']);
  });
});
