import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
/** A storage in a directory of its own. */
function freshStorage() {
  const root = mkdtempSync(join(tmpdir(), 'workspace-local-storage-'));
  roots.push(root);
  return { root, storage: new LocalDiskStorage({ root, secret: 'local-storage-test-secret-0123456789' }) };
}

/** One chunk of `size` bytes. */
async function* chunk(size: number) {
  yield new Uint8Array(size);
}

/**
 * Resolves once the disk operations queued before it have run: Node runs them on a pool of four
 * threads in order, so two rounds of eight queued after them finish after every earlier one.
 */
async function diskSettled(root: string) {
  for (let round = 0; round < 2; round++) await Promise.all(Array.from({ length: 8 }, () => stat(root)));
}

describe('receiving an upload to local disk', () => {
  it('leaves no temporary file when the body is refused at its first chunk, even with many at once', async () => {
    const { root, storage } = freshStorage();
    // A refusal at the first chunk ends the pipeline before the temporary file is open; the file
    // must not be created after its removal. Many at once make the disk slow enough to show it.
    for (let round = 0; round < 20; round++) {
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) => storage.receive(`refused/${round}/${i}`, chunk(11), 10)),
      );
      expect(results.every((result) => result.status === 'rejected')).toBe(true);
    }
    await diskSettled(root);
    expect(readdirSync(join(root, '.incoming'))).toEqual([]);
  });

  it('stores an accepted body under its key, with nothing left in progress', async () => {
    const { root, storage } = freshStorage();
    expect(await storage.receive('kept/one', chunk(10), 10)).toBe(10);
    expect(await storage.stat('kept/one')).toEqual({ size: 10 });
    expect(readdirSync(join(root, '.incoming'))).toEqual([]);
  });
});
