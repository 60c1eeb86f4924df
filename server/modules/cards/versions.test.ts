import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

// Edits made on a version (PATCH with `baseVersion`): merged field by field, a same-field change
// by someone else refused with 412 and the current card.
const t = useTestApp();
let org: Awaited<ReturnType<typeof t.createOrg>>;
let ada: string;
let max: string;

beforeAll(async () => {
  org = await t.createOrg();
  ada = org.adminToken;
  max = org.memberToken;
});

async function newCard() {
  const board = await t.createBoard(max, ['Todo']);
  const created = await t.call('POST', `/projects/${board.id}/cards`, {
    token: max,
    body: { columnId: board.columns[0]!.id, title: 'Order beans', description: 'Two bags.' },
  });
  return { url: `/projects/${board.id}/cards/${created.body.card.id}`, card: created.body.card };
}

describe('PATCH /projects/{projectId}/cards/{cardId} with baseVersion', () => {
  it('a new card is version 1, and each stored edit raises it by one', async () => {
    const { url, card } = await newCard();
    expect(card.version).toBe(1);
    const first = await t.call('PATCH', url, { token: max, body: { title: 'Order beans today', baseVersion: 1 } });
    expect(first.body.version).toBe(2);
    const second = await t.call('PATCH', url, { token: max, body: { priority: 'high', baseVersion: 2 } });
    expect(second.body.version).toBe(3);
    expect((await t.call('GET', url, { token: ada })).body.version).toBe(3);
  });

  it('keeps both when two people change different fields on the same version', async () => {
    const { url } = await newCard();
    const title = await t.call('PATCH', url, { token: ada, body: { title: 'Order beans (Ada)', baseVersion: 1 } });
    expect(title.status).toBe(200);
    const due = await t.call('PATCH', url, { token: max, body: { due: '2027-02-01T17:00:00Z', baseVersion: 1 } });
    expect(due.status).toBe(200);
    expect(due.body).toMatchObject({ title: 'Order beans (Ada)', due: '2027-02-01T17:00:00.000Z', version: 3 });
  });

  it('refuses a change of a field someone else changed since: 412 EDIT_CONFLICT with the current card, nothing stored', async () => {
    const { url } = await newCard();
    await t.call('PATCH', url, { token: ada, body: { description: 'Two bags, decaf.', baseVersion: 1 } });
    const refused = await t.call('PATCH', url, {
      token: max,
      body: { description: 'Two bags and filters.', priority: 'urgent', baseVersion: 1 },
    });
    expect(refused.status).toBe(412);
    expect(refused.body).toMatchObject({
      code: 'EDIT_CONFLICT',
      fields: ['description'],
      card: { description: 'Two bags, decaf.', priority: 'none', version: 2 },
    });
    const stored = (await t.call('GET', url, { token: max })).body;
    expect(stored).toMatchObject({ description: 'Two bags, decaf.', priority: 'none', version: 2 });
    // Made again on the version the refusal showed, it is stored.
    const kept = await t.call('PATCH', url, {
      token: max,
      body: { description: 'Two bags and filters.', baseVersion: 2 },
    });
    expect(kept.body).toMatchObject({ description: 'Two bags and filters.', version: 3 });
  });

  it('each field is checked on its own; sending the value it already has is no change', async () => {
    const cases: [field: string, ada: unknown, other: unknown][] = [
      ['title', 'Beans', 'Tea'],
      ['description', 'Decaf.', 'Filters.'],
      ['priority', 'low', 'urgent'],
      ['labels', ['ops'], ['kitchen']],
      ['checklist', [{ text: 'Call roaster', done: false }], [{ text: 'Call roaster', done: true }]],
      ['assignee', org.member.id, org.admin.id],
      ['due', '2027-03-01T17:00:00Z', '2027-04-01T17:00:00Z'],
      ['blocked', 'Waiting on budget', 'Waiting on legal'],
    ];
    for (const [field, adaValue, other] of cases) {
      const { url } = await newCard();
      expect((await t.call('PATCH', url, { token: ada, body: { [field]: adaValue, baseVersion: 1 } })).status).toBe(
        200,
      );
      const same = await t.call('PATCH', url, { token: max, body: { [field]: adaValue, baseVersion: 1 } });
      expect(same.status, `${field}: the same value`).toBe(200);
      const refused = await t.call('PATCH', url, { token: max, body: { [field]: other, baseVersion: 1 } });
      expect(refused.status, `${field}: another value`).toBe(412);
      expect(refused.body.fields).toEqual([field]);
    }
  });

  it('one’s own earlier save is no conflict; another tab of the same person is', async () => {
    const { url } = await newCard();
    const tab = { 'x-client-id': 'tab-one-0001' };
    await t.call('PATCH', url, { token: max, headers: tab, body: { title: 'Order beans.', baseVersion: 1 } });
    const again = await t.call('PATCH', url, {
      token: max,
      headers: tab,
      body: { title: 'Order beans!', baseVersion: 1 },
    });
    expect(again.status).toBe(200);
    const otherTab = await t.call('PATCH', url, {
      token: max,
      headers: { 'x-client-id': 'tab-two-0002' },
      body: { title: 'Order tea', baseVersion: 1 },
    });
    expect(otherTab.status).toBe(412);
    expect((await t.call('GET', url, { token: max })).body.title).toBe('Order beans!');
  });

  it('without baseVersion an edit is applied as it is; a base newer than the card is a 400', async () => {
    const { url } = await newCard();
    await t.call('PATCH', url, { token: ada, body: { title: 'Ada’s title', baseVersion: 1 } });
    const blind = await t.call('PATCH', url, { token: max, body: { title: 'Max’s title' } });
    expect(blind.status).toBe(200);
    expect(blind.body.title).toBe('Max’s title');
    const ahead = await t.call('PATCH', url, { token: max, body: { title: 'x', baseVersion: 99 } });
    expect(ahead.status).toBe(400);
    expect(ahead.body.issues[0]).toMatchObject({ path: 'baseVersion' });
    expect((await t.call('PATCH', url, { token: max, body: { baseVersion: 3 } })).status).toBe(400);
  });

  it('concurrent edits of one field on one version: exactly one is stored, the other is 412', async () => {
    const { url } = await newCard();
    const answers = await Promise.all(
      ['Ada', 'Max'].map((who, index) =>
        t.call('PATCH', url, { token: index === 0 ? ada : max, body: { title: `${who}’s beans`, baseVersion: 1 } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    const stored = (await t.call('GET', url, { token: max })).body;
    expect(stored.title).toBe(answers.find((answer) => answer.status === 200)!.body.title);
    expect(stored.version).toBe(2);
  });

  it('a move leaves the version as it is, and the move’s answer carries it', async () => {
    const board = await t.createBoard(max, ['Todo', 'Done']);
    const created = await t.call('POST', `/projects/${board.id}/cards`, {
      token: max,
      body: { columnId: board.columns[0]!.id, title: 'Move me' },
    });
    const url = `/projects/${board.id}/cards/${created.body.card.id}`;
    await t.call('PATCH', url, { token: max, body: { title: 'Move me now', baseVersion: 1 } });
    const moved = await t.call('PATCH', `${url}/move`, {
      token: ada,
      body: { columnId: board.columns[1]!.id, position: 0 },
    });
    expect(moved.body.card.version).toBe(2);
    expect((await t.call('PATCH', url, { token: max, body: { title: 'Moved', baseVersion: 2 } })).status).toBe(200);
  });
});
