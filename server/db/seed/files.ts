import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { agents, fileGrants, fileNodes, users } from '../schema.ts';

/**
 * The demo company's drive: folders a small company keeps, with real files in them (Markdown,
 * text, CSV, a spreadsheet, a multi-page PDF, images and a short video), some uploaded by agents
 * (`uploadSource: 'agent'`), and the folders those agents work in granted to them.
 *
 * The assets are in `./files/` (about 180 kB together). They were made once, by hand, with no tool
 * the seed or CI needs: the PDF is hand-written PDF syntax (Helvetica, three pages); the .xlsx is a
 * minimal SpreadsheetML package of the budget CSV with SUM formulas (it opens in openpyxl, Excel and
 * LibreOffice); the images and the 4 s VP9/Opus WebM were drawn with ffmpeg's lavfi filters.
 *
 * Seeding stores every file's bytes in the file storage first (through `ObjectWriter`: main.ts and
 * the tests pass `signedUrlWriter`, the same signed-URL upload a browser makes), then inserts the
 * rows and grants in one transaction, so a node never points at bytes that are not there. It runs
 * when the demo company exists and its drive has never held anything (trash included), so it
 * happens once, and again only on a drive emptied for good.
 */

const DAY = 86_400_000;
const ASSETS = new URL('./files/', import.meta.url);

type Who = string; // a person's first name or an agent's name

type SeedFile = { kind: 'file'; name: string; asset: string; mimeType: string; by: Who; daysAgo: number };
type SeedFolder = {
  kind: 'folder';
  name: string;
  by: Who;
  daysAgo: number;
  /** An agent that may read this folder (granted by Ada). */
  grantTo?: string;
  children: SeedEntry[];
};
type SeedEntry = SeedFile | SeedFolder;

const MARKDOWN = 'text/markdown';
const file = (name: string, asset: string, mimeType: string, by: Who, daysAgo: number): SeedFile => ({
  kind: 'file',
  name,
  asset,
  mimeType,
  by,
  daysAgo,
});

export const DEMO_DRIVE: SeedEntry[] = [
  file('README.md', 'readme.md', MARKDOWN, 'Ada', 60),
  {
    kind: 'folder',
    name: 'Company handbook',
    by: 'Ada',
    daysAgo: 60,
    children: [
      file('Welcome to Acme Robotics.md', 'handbook-welcome.md', MARKDOWN, 'Ada', 58),
      file('Travel and expenses policy.txt', 'handbook-travel.txt', 'text/plain', 'Priya', 41),
    ],
  },
  {
    kind: 'folder',
    name: 'Finance',
    by: 'Sam',
    daysAgo: 55,
    children: [
      file('2026 budget.csv', 'budget-2026.csv', 'text/csv', 'Sam', 12),
      file(
        '2026 budget.xlsx',
        'budget-2026.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Sam',
        12,
      ),
      {
        kind: 'folder',
        name: 'Forecasts',
        by: 'Sam',
        daysAgo: 50,
        grantTo: 'Forecaster',
        children: [file('Q1 parts demand forecast.csv', 'forecast-q1.csv', 'text/csv', 'Forecaster', 47)],
      },
    ],
  },
  {
    kind: 'folder',
    name: 'Marketing',
    by: 'Zoë',
    daysAgo: 52,
    children: [
      {
        kind: 'folder',
        name: 'Brand assets',
        by: 'Zoë',
        daysAgo: 52,
        children: [
          file('Acme logo.png', 'acme-logo.png', 'image/png', 'Zoë', 51),
          file('Brand colours.png', 'brand-colours.png', 'image/png', 'Zoë', 51),
          file('Lisbon café opening.jpg', 'lisbon-cafe-opening.jpg', 'image/jpeg', 'Zoë', 9),
        ],
      },
    ],
  },
  {
    kind: 'folder',
    name: 'Product',
    by: 'Grace',
    daysAgo: 50,
    children: [
      {
        kind: 'folder',
        name: 'Specs',
        by: 'Hedy',
        daysAgo: 49,
        children: [
          file('Barista arm BA-3 spec.pdf', 'barista-arm-spec.pdf', 'application/pdf', 'Hedy', 30),
          file('Kiosk ordering API.md', 'kiosk-api.md', MARKDOWN, 'Linus', 22),
        ],
      },
    ],
  },
  {
    kind: 'folder',
    name: 'Recordings',
    by: 'Linus',
    daysAgo: 35,
    children: [file('Arm calibration demo.webm', 'arm-calibration.webm', 'video/webm', 'Hedy', 16)],
  },
  {
    kind: 'folder',
    name: 'Meeting notes',
    by: 'Ada',
    daysAgo: 40,
    grantTo: 'Scribe',
    children: [file('2026-03-02 Leadership sync.md', 'meeting-notes.md', MARKDOWN, 'Scribe', 6)],
  },
  {
    kind: 'folder',
    name: 'Support',
    by: 'Ken',
    daysAgo: 38,
    grantTo: 'Cafébot',
    children: [
      file('Refund macros.txt', 'support-macros.txt', 'text/plain', 'Ken', 37),
      file('Weekly support digest.md', 'support-digest.md', MARKDOWN, 'Cafébot', 2),
    ],
  },
];

/** Stores `bytes` under the storage key `key`, or throws. */
export type ObjectWriter = (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;

/** As much of the file storage (`FileStorage`) as `signedUrlWriter` uses. */
type UploadingStorage = {
  createUpload(input: {
    key: string;
    size: number;
    contentType: string;
    expiresIn: number;
  }): Promise<{ mode: 'single'; signedUrl: string; headers: Record<string, string> } | { mode: 'multipart' }>;
  stat(key: string): Promise<{ size: number } | null>;
};

/**
 * Writes through the storage's own upload door: a signed upload URL, then a `PUT` of the bytes,
 * to the app itself for the local disk's relative URLs (`app.request`) or to the S3-compatible
 * store for absolute ones; then checks the stored size.
 */
export function signedUrlWriter(
  storage: UploadingStorage,
  app: { request(url: string, init: RequestInit): Response | Promise<Response> },
): ObjectWriter {
  return async (key, bytes, contentType) => {
    const target = await storage.createUpload({ key, size: bytes.byteLength, contentType, expiresIn: 600 });
    if (target.mode !== 'single') throw new Error(`seed: ${key} would need a multipart upload`);
    const init = { method: 'PUT', headers: target.headers, body: bytes };
    const response = await (target.signedUrl.startsWith('/')
      ? app.request(target.signedUrl, init)
      : fetch(target.signedUrl, init));
    if (!response.ok) throw new Error(`seed: storing ${key} failed with ${response.status} ${await response.text()}`);
    const stored = await storage.stat(key);
    if (stored?.size !== bytes.byteLength) throw new Error(`seed: ${key} stored ${stored?.size ?? 0} bytes`);
  };
}

type Row = typeof fileNodes.$inferInsert;

/**
 * Seeds the demo company's drive, unless there is no demo company or its drive has ever had a
 * node. Returns whether it seeded. Run it under the database's setup lock (main.ts), so instances
 * starting together do not both seed.
 */
export async function seedDemoFiles(
  db: Database,
  write: ObjectWriter,
  adminEmail: string,
  now = Date.now(),
): Promise<boolean> {
  const [admin] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, adminEmail))
    .limit(1);
  const companyId = admin?.companyId;
  if (!admin || !companyId) return false;
  const [held] = await db.select({ n: count() }).from(fileNodes).where(eq(fileNodes.companyId, companyId));
  if (held!.n > 0) return false;

  const who = new Map<Who, Pick<Row, 'authorName' | 'authorUserId' | 'authorAgentId' | 'uploadSource' | 'agentTag'>>();
  for (const user of await db.select().from(users).where(eq(users.companyId, companyId))) {
    who.set(user.name.split(' ')[0]!, { authorName: user.name, authorUserId: user.id, uploadSource: 'client' });
  }
  const agentIds = new Map<string, string>();
  for (const agent of await db.select().from(agents).where(eq(agents.companyId, companyId))) {
    agentIds.set(agent.name, agent.id);
    who.set(agent.name, { authorName: agent.name, authorAgentId: agent.id, uploadSource: 'agent', agentTag: agent.id });
  }
  const author = (name: Who) => {
    const found = who.get(name);
    if (!found) throw new Error(`seed: nobody called ${name}`);
    return found;
  };

  // Parents before children, so one insert in this order satisfies the parent key.
  const nodes: Row[] = [];
  const grants: (typeof fileGrants.$inferInsert)[] = [];
  const uploads: { key: string; asset: string; mimeType: string }[] = [];
  const walk = (entries: SeedEntry[], parentId: string | null) => {
    for (const [index, entry] of entries.entries()) {
      const id = randomUUID();
      // Spread within the day, so the newest-first sort has no ties.
      const at = new Date(now - entry.daysAgo * DAY - (index + 1) * 37 * 60_000);
      const base = {
        id,
        companyId,
        parentId,
        name: entry.name,
        status: 'ready' as const,
        createdAt: at,
        updatedAt: at,
      };
      if (entry.kind === 'folder') {
        nodes.push({ ...base, type: 'folder', ...author(entry.by) });
        if (entry.grantTo) {
          const agentId = agentIds.get(entry.grantTo);
          if (!agentId) throw new Error(`seed: no agent called ${entry.grantTo}`);
          grants.push({ companyId, agentId, nodeId: id, grantedByUserId: admin.id, createdAt: at });
        }
        walk(entry.children, id);
      } else {
        const key = `${companyId}/${id}/${randomUUID()}`;
        uploads.push({ key, asset: entry.asset, mimeType: entry.mimeType });
        nodes.push({ ...base, type: 'file', storagePath: key, mimeType: entry.mimeType, ...author(entry.by) });
      }
    }
  };
  walk(DEMO_DRIVE, null);

  const sizes = new Map<string, number>();
  for (const upload of uploads) {
    const bytes = await readFile(new URL(upload.asset, ASSETS));
    await write(upload.key, bytes, upload.mimeType);
    sizes.set(upload.key, bytes.byteLength);
  }
  for (const node of nodes) if (node.storagePath) node.fileSize = sizes.get(node.storagePath)!;
  await db.transaction(async (tx) => {
    await tx.insert(fileNodes).values(nodes);
    await tx.insert(fileGrants).values(grants);
  });
  return true;
}
