import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { fileGrants, fileNodes, users } from '../schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts';
import { DEMO_DRIVE, seedDemoFiles, signedUrlWriter } from './files.ts';

const t = useTestApp();

type Node = {
  id: string;
  name: string;
  type: 'folder' | 'file';
  parentId: string | null;
  mimeType: string | null;
  fileSize: number | null;
  uploadSource: 'client' | 'agent';
  agentTag: string | null;
  author: { name: string; userId?: string; agentId?: string };
};

const asset = (name: string) => readFileSync(new URL(`./files/${name}`, import.meta.url));

describe('demo drive', () => {
  it('seeds folders and real files once, some by agents, with the agents’ folders granted to them', async () => {
    await seedDemo(t.ctx.db);
    const write = signedUrlWriter(t.ctx.storage, t.app);
    expect(await seedDemoFiles(t.ctx.db, write, DEMO_ACCOUNTS.admin)).toBe(true);
    const before = await t.ctx.db.select().from(fileNodes);
    expect(await seedDemoFiles(t.ctx.db, write, DEMO_ACCOUNTS.admin)).toBe(false);
    expect(await t.ctx.db.select().from(fileNodes)).toHaveLength(before.length);
    // No demo company, no drive.
    expect(await seedDemoFiles(t.ctx.db, write, 'nobody@example.com')).toBe(false);

    // What a member sees: the whole tree, through the API.
    const token = await t.signIn(DEMO_ACCOUNTS.member, DEMO_PASSWORD);
    const byPath = new Map<string, Node>();
    const list = async (parentId: string | null, path: string) => {
      const response = await t.call('GET', `/client/files?limit=100${parentId ? `&parentId=${parentId}` : ''}`, {
        token,
      });
      expect(response.status).toBe(200);
      expect(response.body.nextCursor).toBeNull();
      for (const node of response.body.nodes as Node[]) {
        byPath.set(`${path}${node.name}`, node);
        if (node.type === 'folder') await list(node.id, `${path}${node.name}/`);
      }
    };
    await list(null, '');
    expect(byPath.size).toBe(before.length);
    for (const folder of ['Company handbook', 'Finance', 'Marketing/Brand assets', 'Product/Specs', 'Recordings']) {
      expect(byPath.get(folder)?.type, folder).toBe('folder');
    }
    expect(byPath.get('README.md')).toMatchObject({ type: 'file', mimeType: 'text/markdown' });

    // Every file's bytes are stored, with its size, and download as they are.
    const files = [...byPath.entries()].filter(([, node]) => node.type === 'file');
    expect(files.length).toBeGreaterThanOrEqual(14);
    const kinds = new Set(files.map(([, node]) => node.mimeType));
    for (const kind of ['application/pdf', 'image/png', 'image/jpeg', 'video/webm', 'text/csv', 'text/plain']) {
      expect(kinds.has(kind), kind).toBe(true);
    }
    const assets = new Map<string, string>();
    const collect = (entries: typeof DEMO_DRIVE, path: string) => {
      for (const entry of entries) {
        if (entry.kind === 'folder') collect(entry.children, `${path}${entry.name}/`);
        else assets.set(`${path}${entry.name}`, entry.asset);
      }
    };
    collect(DEMO_DRIVE, '');
    let total = 0;
    for (const [path, node] of files) {
      const expected = asset(assets.get(path)!);
      total += expected.byteLength;
      expect(node.fileSize, path).toBe(expected.byteLength);
      const url = await t.call('GET', `/client/files/${node.id}/download-url`, { token });
      expect(url.status, path).toBe(200);
      const response = await t.app.request(url.body.signedUrl);
      expect(response.status, path).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(expected), path).toBe(true);
    }
    expect(total).toBeLessThan(700 * 1024);
    // The assets are what their names say.
    expect(asset('barista-arm-spec.pdf').subarray(0, 5).toString()).toBe('%PDF-');
    expect(asset('barista-arm-spec.pdf').toString('latin1')).toContain('/Count 3');
    expect(asset('acme-logo.png').subarray(1, 4).toString()).toBe('PNG');
    expect(asset('lisbon-cafe-opening.jpg').readUInt16BE(0)).toBe(0xffd8);
    expect(asset('arm-calibration.webm').readUInt32BE(0)).toBe(0x1a45dfa3);
    expect(asset('budget-2026.xlsx').subarray(0, 2).toString()).toBe('PK');
    expect(asset('budget-2026.csv').toString().split('\n')[0]).toMatch(/^Department,Category,Q1,Q2,Q3,Q4,Total/);

    // Agents' uploads carry their source and tag; people's are theirs.
    const digest = byPath.get('Support/Weekly support digest.md')!;
    expect(digest).toMatchObject({ uploadSource: 'agent', author: { name: 'Cafébot' } });
    expect(digest.agentTag).toBe(digest.author.agentId);
    expect(digest.author.userId).toBeUndefined();
    const byAgents = files.filter(([, node]) => node.uploadSource === 'agent');
    expect(byAgents.length).toBeGreaterThanOrEqual(3);
    expect(byPath.get('Finance/2026 budget.csv')).toMatchObject({
      uploadSource: 'client',
      agentTag: null,
      author: { name: 'Sam Okafor' },
    });

    // Each agent may read the folder it uploaded into, granted by Ada; the grant shows on the file.
    for (const [path, node] of byAgents) {
      const grants = await t.call('GET', `/client/files/${node.id}/grants`, { token });
      expect(grants.status, path).toBe(200);
      const folder = byPath.get(path.slice(0, path.lastIndexOf('/')))!;
      expect(grants.body.grants, path).toEqual([
        expect.objectContaining({ agentId: node.agentTag, nodeId: folder.id }),
      ]);
    }
    const [ada] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin));
    const grants = await t.ctx.db.select().from(fileGrants);
    expect(grants.length).toBe(byAgents.length);
    expect(grants.every((grant) => grant.grantedByUserId === ada!.id)).toBe(true);
  });
});
