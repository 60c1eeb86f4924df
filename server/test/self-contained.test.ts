/**
 * The repository explains itself to someone who has only a clone: no file in it points at the
 * team's shared folder beside the checkout, which a clone does not have. docs/architecture.md and
 * contract/openapi.json are where such references belong instead.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Assembled, so that this file does not contain what it looks for.
const outsideFolder = ['..', 'shared'].join('/');

/** Files git tracks, plus new ones it would track (not ignored), that are on disk. */
function repositoryFiles(): string[] {
  const listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listing.split('\0').filter(Boolean))].filter((path) => existsSync(join(root, path)));
}

/** Git's own test: a NUL byte in the first 8000 bytes makes a file binary. */
const isBinary = (bytes: Buffer) => bytes.subarray(0, 8000).includes(0);

describe('the repository', () => {
  it(`has no file referring to ${outsideFolder}`, () => {
    const files = repositoryFiles();
    expect(files).toContain('README.md');
    const offenders: string[] = [];
    for (const path of files) {
      const bytes = readFileSync(join(root, path));
      if (isBinary(bytes)) continue;
      bytes
        .toString('utf8')
        .split('\n')
        .forEach((line, index) => {
          if (line.includes(outsideFolder)) offenders.push(`${path}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
