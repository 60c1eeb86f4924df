/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then
 * starts the server, which serves the app and the API on one port.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const built = join(root, 'dist', 'index.html');
const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.app.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...inputs.map((input) => newestChange(join(root, input))));
if (builtAt < sourcesAt) {
  console.log(
    builtAt === 0 ? 'Building the web app…' : 'Sources changed since the last build; rebuilding the web app…',
  );
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/main.ts');
