import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionCredits } from './session-credits';

const live = vi.hoisted(() => new Map<string, Set<(event: unknown) => void>>());
vi.mock('@/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  onLiveEvent: (type: string, handler: (event: unknown) => void) => {
    if (!live.has(type)) live.set(type, new Set());
    live.get(type)!.add(handler);
    return () => live.get(type)?.delete(handler);
  },
}));

function chargedTo(agentId: string) {
  act(() =>
    live
      .get('credits.balance.changed')
      ?.forEach((handler) => handler({ id: '1', event: 'credits.balance.changed', data: { change: { agentId } } })),
  );
}

beforeEach(() => live.clear());

describe('a session’s credits', () => {
  it('keeps the last figure read when the session comes from a live event without one', () => {
    const { rerender } = render(<SessionCredits agentId="a1" spent={12} />);
    expect(screen.getByText('12 credits')).toBeTruthy();
    rerender(<SessionCredits agentId="a1" spent={undefined} />);
    expect(screen.getByText('12 credits')).toBeTruthy();
    rerender(<SessionCredits agentId="a1" spent={1} />);
    expect(screen.getByText('1 credit')).toBeTruthy();
  });

  it('asks for the session again when its agent is charged, not another agent', () => {
    const onCharged = vi.fn();
    render(<SessionCredits agentId="a1" spent={0} onCharged={onCharged} />);
    expect(screen.getByText('0 credits')).toBeTruthy();
    chargedTo('a2');
    expect(onCharged).not.toHaveBeenCalled();
    chargedTo('a1');
    expect(onCharged).toHaveBeenCalledTimes(1);
  });
});
