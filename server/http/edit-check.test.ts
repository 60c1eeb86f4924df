// Edits made on a version (`baseVersion`) of the records besides cards (server/http/edit-check.ts):
// two tabs or people editing different fields on the same version both keep theirs; a field changed
// by someone else since is 412 EDIT_CONFLICT with the record as it is, and nothing is stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';

const t = useTestApp();
let org: Awaited<ReturnType<typeof t.createOrg>>;
beforeAll(async () => {
  org = await t.createOrg();
});

/** One versioned record: where it is edited and read, and two fields to edit. */
type Case = {
  what: string;
  /** Creates the record; gives its PATCH path, the path that reads it, and its version. */
  make: () => Promise<{ path: string; read?: string; version: number; id?: string }>;
  /** The record in a PATCH or GET answer or a conflict's `current` (some wrap it), by its id. */
  pick?: (body: any, id?: string) => any;
  token: () => string;
  first: [field: string, mine: unknown, theirs: unknown];
  /** A second field and value (made with the record for some). */
  second: () => [field: string, value: unknown];
};

const tab = (name: string) => ({ 'x-client-id': name });

/** The record `id` in an answer: the answer itself, or the versioned item with that id in one of its lists. */
function find(body: any, id?: string): any {
  if (!id || body?.id === id) return body;
  const lists = Array.isArray(body) ? [body] : Object.values(body ?? {}).filter(Array.isArray);
  for (const list of lists) {
    const hit = list.find((item: { id?: string; version?: number }) => item?.id === id && item.version !== undefined);
    if (hit) return hit;
  }
  return body;
}

const cases: Case[] = [
  {
    what: 'project',
    make: async () => {
      const created = await t.call('POST', '/projects', {
        token: org.memberToken,
        body: { name: t.unique('Versioned') },
      });
      return { path: `/projects/${created.body.id}`, version: created.body.version, id: created.body.id };
    },
    token: () => org.memberToken,
    first: ['name', 'Mine', 'Theirs'],
    second: () => ['description', 'Described by the other tab'],
  },
  {
    what: 'column',
    make: async () => {
      const board = await t.createBoard(org.memberToken, ['Only'], 0);
      const column = board.columns[0]!;
      return {
        path: `/projects/${board.id}/columns/${column.id}`,
        read: `/projects/${board.id}`,
        version: (column as unknown as { version: number }).version,
        id: column.id,
      };
    },
    token: () => org.memberToken,
    first: ['name', 'Mine', 'Theirs'],
    second: () => ['wipLimit', 3],
  },
  {
    what: 'team',
    make: async () => {
      const parent = await t.call('POST', '/organization/teams', {
        token: org.adminToken,
        body: { name: t.unique('Parent') },
      });
      parentTeamId = parent.body.teams.find((item: { name: string }) => item.name.startsWith('Parent')).id;
      const name = t.unique('Team');
      const chart = await t.call('POST', '/organization/teams', { token: org.adminToken, body: { name } });
      expect(chart.status).toBe(201);
      const team = chart.body.teams.find((item: { name: string }) => item.name === name);
      return {
        path: `/organization/teams/${team.id}`,
        read: '/organization/chart',
        version: team.version,
        id: team.id,
      };
    },
    token: () => org.adminToken,
    first: ['name', 'Mine', 'Theirs'],
    second: () => ['parentId', parentTeamId],
  },
  {
    what: 'agent',
    make: async () => {
      const created = await t.call('POST', '/agents', { token: org.adminToken, body: { name: t.unique('Agent') } });
      expect(created.status).toBe(201);
      return { path: `/agents/${created.body.id}`, version: created.body.version, id: created.body.id };
    },
    token: () => org.adminToken,
    first: ['name', 'Mine', 'Theirs'],
    second: () => ['description', 'Answers questions'],
  },
  {
    what: 'content item',
    make: async () => {
      const body = { kind: 'article', title: t.unique('Article') };
      const created = await t.call('POST', '/content-items', { token: org.adminToken, body });
      expect(created.status).toBe(201);
      return { path: `/content-items/${created.body.id}`, version: created.body.version, id: created.body.id };
    },
    token: () => org.adminToken,
    first: ['title', 'Mine', 'Theirs'],
    second: () => ['body', 'The text'],
  },
  {
    what: 'schedule',
    make: async () => {
      const agent = await t.call('POST', '/agents', { token: org.adminToken, body: { name: t.unique('Scheduled') } });
      const created = await t.call('POST', `/agents/${agent.body.id}/cron-jobs`, {
        token: org.adminToken,
        body: { name: 'Daily', expression: '0 9 * * *', timeZone: 'UTC', instruction: 'Report.' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return {
        path: `/agents/${agent.body.id}/cron-jobs/${created.body.id}`,
        read: `/agents/${agent.body.id}/cron-jobs`,
        version: created.body.version,
        id: created.body.id,
      };
    },
    token: () => org.adminToken,
    first: ['name', 'Mine', 'Theirs'],
    second: () => ['instruction', 'Write the weekly report.'],
  },
  {
    what: 'connection',
    make: async () => {
      const created = await t.call('POST', '/integrations/connections', {
        token: org.adminToken,
        body: { providerKey: 'github', displayName: t.unique('GitHub'), credentials: { token: 'ghp_secret' } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return {
        path: `/integrations/connections/${created.body.id}`,
        read: '/integrations/connections',
        version: created.body.version,
        id: created.body.id,
      };
    },
    token: () => org.adminToken,
    first: ['displayName', 'Mine', 'Theirs'],
    second: () => ['statusMessage', 'Checked by the other tab'],
  },
  {
    what: 'profile',
    make: async () => {
      profileToken = await t.signIn((await t.createUser({ company: org.company })).email);
      const me = await t.call('GET', '/users/me', { token: profileToken });
      return { path: '/users/me', version: me.body.user.version };
    },
    pick: (body) => body.user,
    token: () => profileToken,
    first: ['name', 'Mine', 'Theirs'],
    second: () => ['title', 'Designer'],
  },
];
let profileToken = '';
let parentTeamId = '';

describe.each(cases)('PATCH of a $what with baseVersion', ({ make, pick = find, token, first, second: secondOf }) => {
  it('keeps both edits of different fields made on the same version, and raises the version each time', async () => {
    const { path, read, version, id } = await make();
    const second = secondOf();
    expect(version).toBe(1);
    const a = await t.call('PATCH', path, {
      token: token(),
      headers: tab('a'),
      body: { [first[0]]: first[1], baseVersion: 1 },
    });
    expect(a.status).toBe(200);
    expect(pick(a.body, id).version).toBe(2);
    const b = await t.call('PATCH', path, {
      token: token(),
      headers: tab('b'),
      body: { [second[0]]: second[1], baseVersion: 1 },
    });
    expect(b.status).toBe(200);
    expect(pick(b.body, id)).toMatchObject({ [first[0]]: first[1], [second[0]]: second[1], version: 3 });
    const stored = await t.call('GET', read ?? path, { token: token() });
    expect(pick(stored.body, id)).toMatchObject({ [first[0]]: first[1], [second[0]]: second[1], version: 3 });
  });

  it('refuses a change of a field someone else changed since: 412 with the record as it is, nothing stored', async () => {
    const { path, read, id } = await make();
    const second = secondOf();
    const theirs = await t.call('PATCH', path, {
      token: token(),
      headers: tab('a'),
      body: { [first[0]]: first[2], baseVersion: 1 },
    });
    expect(theirs.status).toBe(200);
    const mine = await t.call('PATCH', path, {
      token: token(),
      headers: tab('b'),
      body: { [first[0]]: first[1], [second[0]]: second[1], baseVersion: 1 },
    });
    expect(mine.status).toBe(412);
    expect(mine.body).toMatchObject({ code: 'EDIT_CONFLICT', fields: [first[0]] });
    expect(pick(mine.body.current, id)).toMatchObject({ [first[0]]: first[2], version: 2 });
    const stored = await t.call('GET', read ?? path, { token: token() });
    expect(pick(stored.body, id)).toMatchObject({ [first[0]]: first[2], version: 2 });
    expect(pick(stored.body, id)[second[0]]).not.toEqual(second[1]);
    // Sent again on the version the conflict showed, it replaces theirs (the person chose).
    const again = await t.call('PATCH', path, {
      token: token(),
      headers: tab('b'),
      body: { [first[0]]: first[1], baseVersion: 2 },
    });
    expect(again.status).toBe(200);
    expect(pick(again.body, id)).toMatchObject({ [first[0]]: first[1], version: 3 });
  });

  it('lets the same tab save twice on its first version (its own change is no conflict); a future version is 400', async () => {
    const { path } = await make();
    const one = await t.call('PATCH', path, {
      token: token(),
      headers: tab('a'),
      body: { [first[0]]: first[1], baseVersion: 1 },
    });
    expect(one.status).toBe(200);
    const two = await t.call('PATCH', path, {
      token: token(),
      headers: tab('a'),
      body: { [first[0]]: first[2], baseVersion: 1 },
    });
    expect(two.status).toBe(200);
    const future = await t.call('PATCH', path, { token: token(), body: { [first[0]]: first[1], baseVersion: 99 } });
    expect(future.status).toBe(400);
    expect(future.body.issues).toEqual([expect.objectContaining({ path: 'baseVersion' })]);
  });
});
