import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, fileNodes } from '../../db/schema.ts';
import { type TestApp, useTestApp } from '../../test/harness.ts';
import { DEFAULT_FILES_CONFIG } from './config.ts';
import { agentCanRead, listAgentFiles } from './grants.ts';
import { sweepFiles } from './service.ts';
import type { LocalDiskStorage } from './storage/index.ts';

const t = useTestApp({ config: { files: { ...DEFAULT_FILES_CONFIG, quotaBytes: 10_000, maxFileBytes: 5_000 } } });
let org: Awaited<ReturnType<TestApp['createOrg']>>;
let other: Awaited<ReturnType<TestApp['createOrg']>>;

beforeAll(async () => {
  org = await t.createOrg();
  other = await t.createOrg();
});

type Node = {
  id: string;
  name: string;
  type: string;
  status: string;
  parentId: string | null;
  fileSize: number | null;
};

let counter = 0;
const unique = (label: string) => `${label} ${++counter}`;

async function folder(token: string, name = unique('Folder'), parentId: string | null = null): Promise<Node> {
  const response = await t.call('POST', '/client/files/nodes', { token, body: { type: 'folder', name, parentId } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Steps 1 and 2: a pending file and where to send its bytes. */
async function startUpload(token: string, body: Record<string, unknown>) {
  const created = await t.call('POST', '/client/files/nodes', { token, body: { type: 'file', ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const target = await t.call('POST', `/client/files/${created.body.id}/upload-url`, { token });
  expect(target.status, JSON.stringify(target.body)).toBe(200);
  return { node: created.body as Node, target: target.body };
}

async function put(target: { signedUrl: string; headers: Record<string, string> }, bytes: string) {
  return t.app.request(target.signedUrl, { method: 'PUT', headers: target.headers, body: bytes });
}

/** All four steps: a ready file with `text` as its bytes. */
async function upload(token: string, name: string, text = 'hello', extra: Record<string, unknown> = {}): Promise<Node> {
  const { node, target } = await startUpload(token, {
    name,
    fileSize: Buffer.byteLength(text),
    mimeType: 'text/plain',
    ...extra,
  });
  expect((await put(target, text)).status).toBeLessThan(300);
  const done = await t.call('POST', `/client/files/${node.id}/complete-upload`, { token, body: {} });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body;
}

async function listNames(token: string, parentId?: string, query = '') {
  const response = await t.call('GET', `/client/files?${parentId ? `parentId=${parentId}&` : ''}${query}`, { token });
  expect(response.status).toBe(200);
  return (response.body.nodes as Node[]).map((node) => node.name);
}

async function download(token: string, nodeId: string) {
  const url = await t.call('GET', `/client/files/${nodeId}/download-url`, { token });
  expect(url.status, JSON.stringify(url.body)).toBe(200);
  const response = await t.app.request(url.body.signedUrl);
  return { status: response.status, text: await response.text(), expiresIn: url.body.expiresIn };
}

describe('the upload steps', () => {
  it('creates, signs, stores and completes a file; a member of the company downloads it', async () => {
    const { node, target } = await startUpload(org.memberToken, {
      name: 'notes.txt',
      fileSize: 11,
      mimeType: 'Text/Plain',
    });
    expect(node).toMatchObject({
      type: 'file',
      status: 'pending',
      parentId: null,
      fileSize: 11,
      uploadSource: 'client',
    });
    expect(node).toMatchObject({ mimeType: 'text/plain', clientId: org.company.id, agentTag: null });
    expect(target).toMatchObject({ mode: 'single', method: 'PUT', expiresIn: 3600 });
    expect((await put(target, 'hello world')).status).toBeLessThan(300);
    const done = await t.call('POST', `/client/files/${node.id}/complete-upload`, { token: org.memberToken });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: node.id, status: 'ready', fileSize: 11 });
    expect(done.body.storagePath).toMatch(new RegExp(`^${org.company.id}/${node.id}/`));
    expect(await listNames(org.adminToken)).toContain('notes.txt');
    const got = await download(org.adminToken, node.id);
    expect(got).toMatchObject({ status: 200, text: 'hello world', expiresIn: 3600 });
  });

  it('keeps a pending file from everyone but its uploader: not listed, not found, not searchable, not downloadable', async () => {
    const { node } = await startUpload(org.memberToken, { name: 'secret-draft.txt', fileSize: 3 });
    expect(await listNames(org.memberToken)).not.toContain('secret-draft.txt');
    expect((await t.call('GET', `/client/files/${node.id}`, { token: org.memberToken })).status).toBe(200);
    expect((await t.call('GET', `/client/files/${node.id}`, { token: org.adminToken })).status).toBe(404);
    expect((await t.call('POST', `/client/files/${node.id}/upload-url`, { token: org.adminToken })).status).toBe(404);
    expect((await t.call('GET', `/client/files/${node.id}/download-url`, { token: org.memberToken })).status).toBe(404);
    const search = await t.call('GET', '/search?q=secret-draft', { token: org.memberToken });
    expect(search.body.results).toEqual([]);
  });

  it('refuses to complete when the stored size differs from the declared one, and the node stays pending', async () => {
    const { node, target } = await startUpload(org.memberToken, { name: unique('short.txt'), fileSize: 10 });
    const early = await t.call('POST', `/client/files/${node.id}/complete-upload`, { token: org.memberToken });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('FILE_SIZE_MISMATCH');
    expect((await put(target, 'abc')).status).toBeLessThan(300);
    const short = await t.call('POST', `/client/files/${node.id}/complete-upload`, { token: org.memberToken });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'FILE_SIZE_MISMATCH', expectedSize: 10, storedSize: 3 });
    expect((await t.call('GET', `/client/files/${node.id}`, { token: org.memberToken })).body.node.status).toBe(
      'pending',
    );
    // A new URL starts afresh; the right bytes complete it.
    const again = await t.call('POST', `/client/files/${node.id}/upload-url`, { token: org.memberToken });
    expect(again.body.signedUrl).not.toBe(target.signedUrl);
    expect((await put(again.body, '0123456789')).status).toBeLessThan(300);
    const done = await t.call('POST', `/client/files/${node.id}/complete-upload`, { token: org.memberToken });
    expect(done.status).toBe(200);
    const repeat = await t.call('POST', `/client/files/${node.id}/complete-upload`, { token: org.memberToken });
    expect(repeat.status).toBe(409);
  });

  it('checks step 1: file fields, the largest file, the quota', async () => {
    const call = (body: Record<string, unknown>) =>
      t.call('POST', '/client/files/nodes', { token: org.memberToken, body });
    const noSize = await call({ type: 'file', name: 'x.bin' });
    expect(noSize.status).toBe(400);
    expect(noSize.body.issues[0].path).toBe('fileSize');
    expect((await call({ type: 'folder', name: 'F', fileSize: 3 })).status).toBe(400);
    expect((await call({ type: 'file', name: 'neg.bin', fileSize: -1 })).status).toBe(400);
    expect((await call({ type: 'file', name: 'm.bin', fileSize: 1, mimeType: 'not a type' })).status).toBe(400);
    const big = await call({ type: 'file', name: 'big.bin', fileSize: 5_001 });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('FILE_TOO_LARGE');
    const parentIsFile = await upload(org.memberToken, unique('leaf.txt'));
    const intoFile = await call({ type: 'file', name: 'x.txt', fileSize: 1, parentId: parentIsFile.id });
    expect(intoFile.status).toBe(400);
    expect(intoFile.body.issues[0].path).toBe('parentId');
    const elsewhere = await folder(other.adminToken);
    expect((await call({ type: 'folder', name: 'X', parentId: elsewhere.id })).status).toBe(400);
  });

  it('refuses an upload the quota has no room for, counting uploads in progress', async () => {
    const company = await t.createOrg();
    await startUpload(company.memberToken, { name: 'a.bin', fileSize: 4_000 });
    await startUpload(company.memberToken, { name: 'b.bin', fileSize: 4_000 });
    const over = await t.call('POST', '/client/files/nodes', {
      token: company.adminToken,
      body: { type: 'file', name: 'c.bin', fileSize: 2_001 },
    });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED', usedBytes: 8_000, quotaBytes: 10_000 });
    const usage = await t.call('GET', '/client/files/usage', { token: company.memberToken });
    expect(usage.body).toEqual({ usedBytes: 8_000, quotaBytes: 10_000, fileCount: 0, maxFileBytes: 5_000 });
  });

  it('refuses writes to a read key and lets it read', async () => {
    const key = await t.createKey(org.adminToken, 'read');
    const refused = await t.call('POST', '/client/files/nodes', {
      token: key.secret,
      body: { type: 'folder', name: 'K' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_KEY_READ_ONLY');
    expect((await t.call('GET', '/client/files', { token: key.secret })).status).toBe(200);
  });
});

describe('names', () => {
  it('trims names and refuses empty ones, slashes, control characters, dot names and more than 255 characters', async () => {
    const created = await folder(org.memberToken, '  Trimmed  ');
    expect(created.name).toBe('Trimmed');
    for (const name of ['   ', 'a/b', 'tab\there', 'nul\u0000', '.', '..', 'x'.repeat(256)]) {
      const response = await t.call('POST', '/client/files/nodes', {
        token: org.memberToken,
        body: { type: 'folder', name },
      });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(response.body.issues[0].path).toBe('name');
    }
    expect((await folder(org.memberToken, 'y'.repeat(255))).name).toHaveLength(255);
  });

  it('answers 409 with the existing node for a name used in the folder, ignoring case; numbers a kept copy', async () => {
    const box = await folder(org.memberToken);
    const first = await upload(org.memberToken, 'Report.pdf', 'one', { parentId: box.id });
    const clash = await t.call('POST', '/client/files/nodes', {
      token: org.memberToken,
      body: { type: 'file', name: 'report.PDF', parentId: box.id, fileSize: 3 },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'FILE_NAME_TAKEN', existingNodeId: first.id, existingNodeType: 'file' });
    const copy = await upload(org.memberToken, 'report.pdf', 'two', { parentId: box.id, onConflict: 'rename' });
    expect(copy.name).toBe('report (1).pdf');
    const copy2 = await upload(org.memberToken, 'Report.pdf', 'six', { parentId: box.id, onConflict: 'rename' });
    expect(copy2.name).toBe('Report (2).pdf');
    // The same name in another folder is fine.
    expect((await upload(org.memberToken, 'Report.pdf', 'six')).name).toBe('Report.pdf');
    const folderClash = await t.call('POST', '/client/files/nodes', {
      token: org.adminToken,
      body: { type: 'folder', name: 'REPORT.pdf', parentId: box.id },
    });
    expect(folderClash.status).toBe(409);
  });

  it('replaces a file’s content, keeping its id, when asked; only its author or an admin may', async () => {
    const original = await upload(org.memberToken, unique('plan.txt'), 'old');
    const byOther = await t.createUser({ company: org.company, role: 'member' });
    const otherToken = await t.signIn(byOther.email);
    const refused = await t.call('POST', '/client/files/nodes', {
      token: otherToken,
      body: { type: 'file', name: original.name, fileSize: 3, onConflict: 'replace' },
    });
    expect(refused.status).toBe(403);
    const replaced = await upload(org.adminToken, original.name, 'brand new', { onConflict: 'replace' });
    expect(replaced).toMatchObject({ id: original.id, name: original.name, fileSize: 9 });
    expect((await download(org.memberToken, original.id)).text).toBe('brand new');
    expect((await listNames(org.memberToken)).filter((name) => name === original.name)).toHaveLength(1);
  });
});

describe('PATCH /client/files/{nodeId}', () => {
  it('renames, moves into a folder with parentId, to the root with null, and leaves the parent when absent', async () => {
    const a = await folder(org.memberToken);
    const b = await folder(org.memberToken, unique('B'), a.id);
    const file = await upload(org.memberToken, unique('f.txt'), 'x', { parentId: b.id });
    const renamed = await t.call('PATCH', `/client/files/${file.id}`, {
      token: org.memberToken,
      body: { name: 'g.txt' },
    });
    expect(renamed.body).toMatchObject({ name: 'g.txt', parentId: b.id });
    const moved = await t.call('PATCH', `/client/files/${file.id}`, {
      token: org.memberToken,
      body: { parentId: a.id },
    });
    expect(moved.body).toMatchObject({ name: 'g.txt', parentId: a.id });
    const root = await t.call('PATCH', `/client/files/${file.id}`, {
      token: org.memberToken,
      body: { parentId: null },
    });
    expect(root.body.parentId).toBeNull();
    const detail = await t.call('GET', `/client/files/${b.id}`, { token: org.memberToken });
    expect(detail.body.path).toEqual([{ id: a.id, name: a.name }]);
    const empty = await t.call('PATCH', `/client/files/${file.id}`, { token: org.memberToken, body: {} });
    expect(empty.status).toBe(400);
  });

  it('refuses to move a folder into itself or below itself', async () => {
    const a = await folder(org.memberToken);
    const b = await folder(org.memberToken, unique('B'), a.id);
    const c = await folder(org.memberToken, unique('C'), b.id);
    for (const target of [a, b, c]) {
      const response = await t.call('PATCH', `/client/files/${a.id}`, {
        token: org.memberToken,
        body: { parentId: target.id },
      });
      expect(response.status).toBe(400);
      expect(response.body.issues[0].path).toBe('parentId');
    }
  });

  it('answers 409 for a name used in the target folder', async () => {
    const a = await folder(org.memberToken);
    await folder(org.memberToken, 'Same', a.id);
    const mover = await folder(org.memberToken, 'same');
    const response = await t.call('PATCH', `/client/files/${mover.id}`, {
      token: org.memberToken,
      body: { parentId: a.id },
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('FILE_NAME_TAKEN');
  });

  it('lets the author and admins change a node, refuses other members (403), hides it from other companies (404)', async () => {
    const mine = await folder(org.adminToken);
    const refused = await t.call('PATCH', `/client/files/${mine.id}`, {
      token: org.memberToken,
      body: { name: 'Nope' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FORBIDDEN',
      error: 'Only its author or a company admin can change this file',
    });
    expect((await t.call('DELETE', `/client/files/${mine.id}`, { token: org.memberToken })).status).toBe(403);
    const theirs = await folder(org.memberToken);
    const byAdmin = await t.call('PATCH', `/client/files/${theirs.id}`, {
      token: org.adminToken,
      body: { name: unique('Admin') },
    });
    expect(byAdmin.status).toBe(200);
    expect(
      (await t.call('PATCH', `/client/files/${mine.id}`, { token: other.adminToken, body: { name: 'X' } })).status,
    ).toBe(404);
    expect((await t.call('GET', `/client/files/${mine.id}`, { token: other.adminToken })).status).toBe(404);
    expect((await t.call('DELETE', `/client/files/${mine.id}`, { token: other.adminToken })).status).toBe(404);
  });
});

describe('trash', () => {
  it('deletes a folder with its contents into the trash and restores them together', async () => {
    const a = await folder(org.memberToken);
    const inner = await upload(org.memberToken, unique('inner.txt'), 'x', { parentId: a.id });
    const gone = await t.call('DELETE', `/client/files/${a.id}`, { token: org.memberToken });
    expect(gone.body).toMatchObject({ count: 2, trashed: true });
    expect(await listNames(org.memberToken)).not.toContain(a.name);
    expect((await t.call('GET', `/client/files/${inner.id}`, { token: org.memberToken })).status).toBe(404);
    const trash = await t.call('GET', '/client/files/trash', { token: org.adminToken });
    expect(trash.body.nodes.map((node: Node) => node.id)).toContain(a.id);
    expect(trash.body.nodes.map((node: Node) => node.id)).not.toContain(inner.id);
    const restored = await t.call('POST', `/client/files/${a.id}/restore`, { token: org.memberToken });
    expect(restored.status).toBe(200);
    expect(await listNames(org.memberToken, a.id)).toEqual([inner.name]);
    expect((await t.call('POST', `/client/files/${a.id}/restore`, { token: org.memberToken })).status).toBe(404);
  });

  it('restores to the root when the folder it was in is deleted too, and refuses a name taken meanwhile', async () => {
    const a = await folder(org.memberToken);
    const file = await upload(org.memberToken, unique('lonely.txt'), 'x', { parentId: a.id });
    await t.call('DELETE', `/client/files/${file.id}`, { token: org.memberToken });
    await t.call('DELETE', `/client/files/${a.id}`, { token: org.memberToken });
    const back = await t.call('POST', `/client/files/${file.id}/restore`, { token: org.memberToken });
    expect(back.body.parentId).toBeNull();
    await t.call('DELETE', `/client/files/${file.id}`, { token: org.memberToken });
    await upload(org.memberToken, file.name, 'y');
    const clash = await t.call('POST', `/client/files/${file.id}/restore`, { token: org.memberToken });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('FILE_NAME_TAKEN');
  });

  it('cancels a pending upload at once', async () => {
    const { node } = await startUpload(org.memberToken, { name: unique('cancel.bin'), fileSize: 3 });
    const cancelled = await t.call('DELETE', `/client/files/${node.id}`, { token: org.memberToken });
    expect(cancelled.body).toMatchObject({ trashed: false });
    expect((await t.call('GET', `/client/files/${node.id}`, { token: org.memberToken })).status).toBe(404);
  });
});

describe('listing', () => {
  it('pages a folder by cursor, folders first, in the order asked', async () => {
    const box = await folder(org.memberToken);
    for (let i = 0; i < 7; i++) await upload(org.memberToken, `file ${i}.txt`, 'x'.repeat(i + 1), { parentId: box.id });
    for (const name of ['b-folder', 'A-folder']) await folder(org.memberToken, name, box.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `parentId=${box.id}&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { status: number; body: { nodes: Node[]; nextCursor: string | null } } = await t.call(
        'GET',
        `/client/files?${query}`,
        { token: org.memberToken },
      );
      expect(page.body.nodes.length).toBeLessThanOrEqual(4);
      seen.push(...page.body.nodes.map((node) => node.name));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['A-folder', 'b-folder', ...Array.from({ length: 7 }, (_, i) => `file ${i}.txt`)]);
    const bySize = await listNames(org.memberToken, box.id, 'sort=size&order=desc&limit=3');
    // Folders have no size: they come first, in no particular order among themselves.
    expect(bySize.slice(0, 2).sort()).toEqual(['A-folder', 'b-folder']);
    expect(bySize[2]).toBe('file 6.txt');
    // Every sort and direction pages to exactly the unpaged order, across the folders/files boundary.
    for (const sort of ['name', 'updatedAt', 'size']) {
      for (const order of ['asc', 'desc']) {
        const whole = await listNames(org.memberToken, box.id, `sort=${sort}&order=${order}&limit=500`);
        const paged: string[] = [];
        let next: string | null = null;
        do {
          const query: string = `parentId=${box.id}&sort=${sort}&order=${order}&limit=2${next ? `&cursor=${next}` : ''}`;
          const page: { body: { nodes: Node[]; nextCursor: string | null } } = await t.call(
            'GET',
            `/client/files?${query}`,
            {
              token: org.memberToken,
            },
          );
          paged.push(...page.body.nodes.map((node) => node.name));
          next = page.body.nextCursor;
        } while (next);
        expect(paged, `${sort} ${order}`).toEqual(whole);
        expect(whole.slice(0, 2).sort(), `${sort} ${order}`).toEqual(['A-folder', 'b-folder']);
      }
    }
    const bad = await t.call('GET', `/client/files?cursor=nonsense`, { token: org.memberToken });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', `/client/files?limit=501`, { token: org.memberToken })).status).toBe(400);
  });

  it('finds folders and completed files in search, not the trash', async () => {
    const kept = await upload(org.memberToken, 'Quarterly zebra.txt');
    const trashed = await upload(org.memberToken, 'Trashed zebra.txt');
    await t.call('DELETE', `/client/files/${trashed.id}`, { token: org.memberToken });
    const zebraFolder = await folder(org.memberToken, 'Zebra folder');
    const response = await t.call('GET', '/search?q=zebra', { token: org.memberToken });
    const files = response.body.results.filter((result: { kind: string }) => result.kind === 'file');
    expect(files.map((result: { id: string }) => result.id).sort()).toEqual([kept.id, zebraFolder.id].sort());
    const elsewhere = await t.call('GET', '/search?q=zebra', { token: other.memberToken });
    expect(elsewhere.body.results).toEqual([]);
  });

  it('answers 400 for the download URL of a folder', async () => {
    const box = await folder(org.memberToken);
    expect((await t.call('GET', `/client/files/${box.id}/download-url`, { token: org.memberToken })).status).toBe(400);
  });
});

describe('file grants', () => {
  async function agent(companyId: string, status: 'active' | 'completed' = 'active') {
    const [row] = await t.ctx.db
      .insert(agents)
      .values({ companyId, name: unique('Agent'), status })
      .returning();
    return row!;
  }

  it('grants a folder to an agent: the agent may read what is in it, and nothing else', async () => {
    const bot = await agent(org.company.id);
    const shared = await folder(org.memberToken);
    const inside = await upload(org.memberToken, unique('in.txt'), 'x', { parentId: shared.id });
    const outside = await upload(org.memberToken, unique('out.txt'));
    const granted = await t.call('POST', `/agents/${bot.id}/file-grants`, {
      token: org.memberToken,
      body: { nodeId: shared.id },
    });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ agentId: bot.id, nodeId: shared.id, grantedBy: org.member.id });
    const again = await t.call('POST', `/agents/${bot.id}/file-grants`, {
      token: org.adminToken,
      body: { nodeId: shared.id },
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(granted.body.id);
    expect(await agentCanRead(t.ctx.db, bot.id, inside.id)).toBe(true);
    expect(await agentCanRead(t.ctx.db, bot.id, shared.id)).toBe(true);
    expect(await agentCanRead(t.ctx.db, bot.id, outside.id)).toBe(false);
    expect((await listAgentFiles(t.ctx.db, bot.id)).map((node) => node.id)).toEqual([shared.id]);
    expect((await listAgentFiles(t.ctx.db, bot.id, shared.id)).map((node) => node.id)).toEqual([inside.id]);
    await expect(listAgentFiles(t.ctx.db, bot.id, outside.id)).rejects.toThrow('File not found');
    const inherited = await t.call('GET', `/client/files/${inside.id}/grants`, { token: org.adminToken });
    expect(inherited.body.grants).toEqual([
      expect.objectContaining({ nodeId: shared.id, agent: expect.objectContaining({ id: bot.id }) }),
    ]);
    const listed = await t.call('GET', `/agents/${bot.id}/file-grants`, { token: org.adminToken });
    expect(listed.body.grants.map((grant: { nodeId: string }) => grant.nodeId)).toEqual([shared.id]);
    // Trash takes the grant's effect away; revoking removes it.
    await t.call('DELETE', `/client/files/${shared.id}`, { token: org.memberToken });
    expect(await agentCanRead(t.ctx.db, bot.id, inside.id)).toBe(false);
    await t.call('POST', `/client/files/${shared.id}/restore`, { token: org.memberToken });
    const revoked = await t.call('DELETE', `/agents/${bot.id}/file-grants/${granted.body.id}`, {
      token: org.memberToken,
    });
    expect(revoked.body).toEqual({ ok: true });
    expect(await agentCanRead(t.ctx.db, bot.id, inside.id)).toBe(false);
  });

  it('follows the node’s rule and the agent’s company and status', async () => {
    const bot = await agent(org.company.id);
    const adminsFolder = await folder(org.adminToken);
    const refused = await t.call('POST', `/agents/${bot.id}/file-grants`, {
      token: org.memberToken,
      body: { nodeId: adminsFolder.id },
    });
    expect(refused.status).toBe(403);
    const foreign = await agent(other.company.id);
    const hidden = await t.call('POST', `/agents/${foreign.id}/file-grants`, {
      token: org.adminToken,
      body: { nodeId: adminsFolder.id },
    });
    expect(hidden.status).toBe(404);
    const done = await agent(org.company.id, 'completed');
    const completed = await t.call('POST', `/agents/${done.id}/file-grants`, {
      token: org.adminToken,
      body: { nodeId: adminsFolder.id },
    });
    expect(completed.status).toBe(409);
    const foreignNode = await folder(other.adminToken);
    const badNode = await t.call('POST', `/agents/${bot.id}/file-grants`, {
      token: org.adminToken,
      body: { nodeId: foreignNode.id },
    });
    expect(badNode.status).toBe(400);
    expect(badNode.body.issues[0].path).toBe('nodeId');
  });
});

describe('housekeeping', () => {
  it('removes uploads left pending too long and trash past its days, with their bytes', async () => {
    const { node, target } = await startUpload(org.memberToken, { name: unique('stale.bin'), fileSize: 3 });
    await put(target, 'abc');
    const old = await upload(org.memberToken, unique('old.txt'), 'abc');
    await t.call('DELETE', `/client/files/${old.id}`, { token: org.memberToken });
    const [stored] = await t.ctx.db.select().from(fileNodes).where(eq(fileNodes.id, old.id));
    expect(await t.ctx.storage.stat(stored!.storagePath!)).toEqual({ size: 3 });
    await t.ctx.db
      .update(fileNodes)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(fileNodes.id, node.id));
    await t.ctx.db
      .update(fileNodes)
      .set({ trashedAt: sql`now() - interval '31 days'` })
      .where(eq(fileNodes.id, old.id));
    // What a crash mid-upload leaves in the local disk's temporary folder goes too.
    const leftover = join((t.ctx.storage as LocalDiskStorage).root, '.incoming', 'crashed-upload');
    await mkdir(dirname(leftover), { recursive: true });
    await writeFile(leftover, 'partial');
    await utimes(leftover, new Date(Date.now() - 25 * 3600_000), new Date(Date.now() - 25 * 3600_000));
    const swept = await sweepFiles(t.ctx);
    expect(existsSync(leftover)).toBe(false);
    expect(swept).toMatchObject({ pending: 1, purged: 1 });
    expect(await t.ctx.db.select().from(fileNodes).where(eq(fileNodes.id, node.id))).toEqual([]);
    expect(await t.ctx.storage.stat(stored!.storagePath!)).toBeNull();
  });
});
