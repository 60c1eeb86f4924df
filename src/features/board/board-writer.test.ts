import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ProjectDetail } from '@/api';
import { cardSaves, storeCard, storeColumnOrders, storeCommentCopy } from './board-writer';
import { boardQueries } from './queries';
import { testCard } from './test-card';

const card = testCard;

function setup() {
  const client = new QueryClient();
  const board: ProjectDetail = {
    id: 'p',
    version: 1,
    name: 'P',
    description: '',
    archived: false,
    archivedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    lastActivityAt: '2026-01-01T00:00:00.000Z',
    cardCount: 3,
    columns: [
      { id: 'a', version: 1, name: 'A', position: 0, wipLimit: null, cards: [card('1', 'a'), card('2', 'a')] },
      { id: 'b', version: 1, name: 'B', position: 1, wipLimit: null, cards: [card('3', 'b')] },
    ],
  };
  client.setQueryData(boardQueries.detail('p').queryKey, board);
  const read = () => client.getQueryData(boardQueries.detail('p').queryKey)!;
  const titles = () => read().columns.map((column) => column.cards.map((item) => item.title));
  return { client, read, titles };
}

describe('board writer', () => {
  it('storeCard updates the card panel’s copy and the face on the board', () => {
    const { client, titles } = setup();
    storeCard(client, 'p', card('2', 'a', { title: 'Two' }));
    expect(titles()).toEqual([['1', 'Two'], ['3']]);
    expect(client.getQueryData(boardQueries.card('p', '2').queryKey)?.title).toBe('Two');
  });

  it('storeCard takes an archived card off the board, and refetches for a restored one', () => {
    const { client, titles } = setup();
    storeCard(client, 'p', card('1', 'a', { archived: true }));
    expect(titles()).toEqual([['2'], ['3']]);
    storeCard(client, 'p', card('1', 'a', { archived: false }));
    expect(client.getQueryState(boardQueries.detail('p').queryKey)?.isInvalidated).toBe(true);
  });

  it('storeColumnOrders applies announced orders as the truth, with the card’s new state', () => {
    const { client, titles } = setup();
    storeColumnOrders(
      client,
      'p',
      [
        { id: 'a', cardIds: ['2'] },
        { id: 'b', cardIds: ['1', '3'] },
      ],
      card('1', 'b', { title: 'One' }),
    );
    expect(titles()).toEqual([['2'], ['One', '3']]);
    expect(client.getQueryData(boardQueries.card('p', '1').queryKey)?.column).toBe('b');
  });

  it('storeCommentCopy adds the comment to its card face only', () => {
    const { client, read } = setup();
    storeCommentCopy(client, 'p', '3', { author: 'Max', at: '2026-01-02T00:00:00.000Z', text: 'Done?' });
    const faces = read().columns.flatMap((column) => column.cards);
    expect(faces.find((item) => item.id === '3')?.comments).toEqual([
      { author: 'Max', at: '2026-01-02T00:00:00.000Z', text: 'Done?' },
    ]);
    expect(faces.filter((item) => item.comments.length > 0)).toHaveLength(1);
  });

  it('cardSaves fetches a card again after its last save ends, when a live change came meanwhile', async () => {
    const { client } = setup();
    const key = boardQueries.card('p', '1').queryKey;
    client.setQueryData(key, card('1', 'a'));
    const save = () => {
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const done = client
        .getMutationCache()
        .build(client, {
          mutationKey: cardSaves.mutationKey('p', '1'),
          mutationFn: () => answered,
          onSettled: () => cardSaves.settle(client, 'p', '1'),
        })
        .execute(undefined);
      return { answer, done };
    };
    // With no save on its way, a live change is simply the newest truth.
    cardSaves.noteLiveChange(client, 'p', '1');
    const alone = save();
    alone.answer();
    await alone.done;
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    // Came while saves were on their way: it may predate their answers or follow them.
    const first = save();
    const second = save();
    cardSaves.noteLiveChange(client, 'p', '1');
    first.answer();
    await first.done;
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    second.answer();
    await second.done;
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
