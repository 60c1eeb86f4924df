import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createMoveCoordinator } from './optimistic-moves';

type List = string[];
const queryKey = (scope: string) => ['list', scope];
const mutationKey = (scope: string) => ['move', scope];

function setup() {
  const client = new QueryClient();
  client.setQueryData(queryKey('a'), ['x', 'y']);
  return { client, moves: createMoveCoordinator<List>({ queryKey, mutationKey }) };
}

/** Runs `work` as a mutation with the move key, so `isMutating` counts it. */
function asMutation(client: QueryClient, work: () => Promise<void>) {
  return client
    .getMutationCache()
    .build(client, { mutationKey: mutationKey('a'), mutationFn: work })
    .execute(undefined);
}

describe('optimistic moves', () => {
  it('shows the move at once and puts back what was shown when refused', async () => {
    const { client, moves } = setup();
    const context = await moves.begin(client, 'a', (list) => [...list].reverse());
    expect(client.getQueryData(queryKey('a'))).toEqual(['y', 'x']);
    moves.fail(client, 'a', context);
    expect(client.getQueryData(queryKey('a'))).toEqual(['x', 'y']);
  });

  it('applies the answer as the truth, and fetches again only when a live change came in between', async () => {
    const { client, moves } = setup();
    const quiet = await moves.begin(client, 'a', (list) => list);
    moves.succeed(client, 'a', quiet, () => ['answer']);
    expect(client.getQueryData(queryKey('a'))).toEqual(['answer']);
    await asMutation(client, async () => moves.settle(client, 'a'));
    expect(client.getQueryState(queryKey('a'))?.isInvalidated).toBe(false);

    const raced = await moves.begin(client, 'a', (list) => list);
    moves.noteLiveChange('a');
    moves.succeed(client, 'a', raced, () => ['stale answer']);
    await asMutation(client, async () => moves.settle(client, 'a'));
    expect(client.getQueryState(queryKey('a'))?.isInvalidated).toBe(true);
  });

  it('the owed fetch waits until the last move on the list has ended', async () => {
    const { client, moves } = setup();
    const context = await moves.begin(client, 'a', (list) => list);
    moves.fail(client, 'a', context);
    let release: () => void = () => {};
    const other = asMutation(client, () => new Promise<void>((resolve) => (release = resolve)));
    // This move ends while another is on its way: no fetch yet.
    await asMutation(client, async () => moves.settle(client, 'a'));
    expect(client.getQueryState(queryKey('a'))?.isInvalidated).toBe(false);
    release();
    await other;
    await asMutation(client, async () => moves.settle(client, 'a'));
    expect(client.getQueryState(queryKey('a'))?.isInvalidated).toBe(true);
  });

  it('lists are independent', async () => {
    const { client, moves } = setup();
    client.setQueryData(queryKey('b'), ['p']);
    const context = await moves.begin(client, 'b', () => ['q']);
    moves.fail(client, 'b', context);
    await asMutation(client, async () => moves.settle(client, 'a'));
    expect(client.getQueryState(queryKey('a'))?.isInvalidated).toBe(false);
    expect(client.getQueryData(queryKey('b'))).toEqual(['p']);
  });
});
