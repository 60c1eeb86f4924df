/**
 * File transfer over loopback with the local-disk storage: a 1 GiB file uploaded through the four
 * upload steps (the bytes streamed from disk by Node's HTTP client to the signed PUT) and
 * downloaded through its signed GET (streamed to a file), next to a plain `cp` of the same file
 * in the same run. For each transfer, the server's resident memory (VmRSS, sampled every 50 ms):
 * before, at its peak, and the growth. Prints figures, never passes or fails on them.
 * Targets (issue 13): each transfer at ≥ 50% of `cp`'s throughput; RSS growth < 64 MB.
 *
 *   filesTransferBench()                    on its own server and data directory (bench/run.ts
 *                                           wires it in: `npm run bench -- files`)
 *   transferAgainst(base, pid)              against a running server, whose process is `pid`
 *   npx tsx bench/files-transfer.ts [MiB]   standalone
 *
 * The size is 1024 MiB unless given as the argument or `BENCH_FILE_MB` (e.g. 64 for a quick try).
 * `cp` runs with `--reflink=never` (a reflink copies no data); it still copies in the kernel
 * (`copy_file_range`), without the user-space copies any HTTP transfer makes.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { round, signIn, startServer } from './shared.ts';

const MiB = 1024 * 1024;

/** Resident memory of `pid` in MiB. */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Runs `transfer` while sampling the server's RSS every 50 ms. */
async function measured(pid: number, bytes: number, transfer: () => Promise<void>) {
  const baseline = rssMiB(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 50);
  const started = performance.now();
  try {
    await transfer();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMiB(pid));
  return {
    seconds: round(seconds),
    mbPerSecond: Math.round(bytes / 1e6 / seconds),
    rssBeforeMiB: Math.round(baseline),
    rssPeakMiB: Math.round(peak),
    rssGrowthMiB: Math.round(peak - baseline),
  };
}

/** `size` bytes of random data (one 16 MiB block repeated: the disk and the network cannot tell). */
function makeFile(path: string, size: number) {
  const block = randomBytes(16 * MiB);
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < size;) {
      const length = Math.min(block.length, size - written);
      written += writeSync(fd, block, 0, length);
    }
  } finally {
    closeSync(fd);
  }
}

/** Resolves with the response once it has been read to the end (its body into `sink`, or discarded). */
function finish(response: IncomingMessage, sink?: NodeJS.WritableStream): Promise<{ status: number; body: string }> {
  if (sink) return pipeline(response, sink).then(() => ({ status: response.statusCode!, body: '' }));
  return new Promise((resolve, reject) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (body += chunk));
    response.on('end', () => resolve({ status: response.statusCode!, body }));
    response.on('error', reject);
  });
}

/**
 * The upload and download of a `sizeMiB` file through the server at `base` (signed in as the demo
 * admin), beside `cp`; `pid` is the server's process for the memory readings.
 */
export async function transferAgainst(base: string, pid: number, sizeMiB = Number(process.env.BENCH_FILE_MB ?? 1024)) {
  const size = Math.round(sizeMiB * MiB);
  const dir = mkdtempSync(join(tmpdir(), 'workspace-files-bench-'));
  const source = join(dir, 'source.bin');
  try {
    makeFile(source, size);

    // cp without reflinks (which would copy no data at all): the same read and write of every byte.
    const copyStarted = performance.now();
    const copy = spawnSync('cp', ['--reflink=never', source, join(dir, 'copy.bin')]);
    if (copy.status !== 0) throw new Error(`cp failed: ${copy.stderr.toString()}`);
    const cpSeconds = (performance.now() - copyStarted) / 1000;
    rmSync(join(dir, 'copy.bin'));
    const cpMbPerSecond = Math.round(size / 1e6 / cpSeconds);

    const token = await signIn(base, 'ada@acme.example');
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${base}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<T>;
    };

    const node = await api<{ id: string }>('POST', '/client/files/nodes', {
      type: 'file',
      name: `transfer-bench-${Date.now()}.bin`,
      fileSize: size,
      mimeType: 'application/octet-stream',
    });
    const target = await api<{ mode: string; signedUrl: string; headers: Record<string, string> }>(
      'POST',
      `/client/files/${node.id}/upload-url`,
    );
    if (target.mode !== 'single') throw new Error(`expected a single PUT (local disk), got ${target.mode}`);
    const upload = await measured(pid, size, async () => {
      const request = httpRequest(new URL(target.signedUrl, base), {
        method: 'PUT',
        headers: { ...target.headers, 'Content-Length': size },
        agent: false,
      });
      const response = new Promise<IncomingMessage>((resolve, reject) => {
        request.once('response', resolve);
        request.once('error', reject);
      });
      await pipeline(createReadStream(source, { highWaterMark: MiB }), request);
      const { status, body } = await finish(await response);
      if (status !== 200) throw new Error(`PUT answered ${status}: ${body}`);
    });
    await api('POST', `/client/files/${node.id}/complete-upload`, {});

    const { signedUrl } = await api<{ signedUrl: string }>('GET', `/client/files/${node.id}/download-url`);
    const downloaded = join(dir, 'downloaded.bin');
    const download = await measured(pid, size, async () => {
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        httpRequest(new URL(signedUrl, base), { agent: false }, resolve).once('error', reject).end();
      });
      const { status } = await finish(response, createWriteStream(downloaded, { highWaterMark: MiB }));
      if (status !== 200) throw new Error(`GET answered ${status}`);
    });
    await api('DELETE', `/client/files/${node.id}`);

    const rows = [
      { transfer: 'cp (same disk, same run)', seconds: round(cpSeconds), mbPerSecond: cpMbPerSecond, ofCp: '100%' },
      {
        transfer: 'upload: signed PUT from disk',
        ...upload,
        ofCp: `${Math.round((upload.mbPerSecond / cpMbPerSecond) * 100)}%`,
      },
      {
        transfer: 'download: signed GET to a file',
        ...download,
        ofCp: `${Math.round((download.mbPerSecond / cpMbPerSecond) * 100)}%`,
      },
    ];
    console.log(
      `\nFile transfer of ${sizeMiB} MiB over loopback, local-disk storage (MB = 10^6 bytes); targets ≥ 50% of cp, RSS growth < 64 MB`,
    );
    console.table(rows);
    return { sizeMiB, cpMbPerSecond, upload, download };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The node process listening on `port` (npm → tsx → node), for the memory readings. */
function listeningPid(port: number, fallback: number): number {
  const found = spawnSync('sh', [
    '-c',
    `ss -ltnp 2>/dev/null | grep ':${port} ' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`,
  ]);
  const pid = Number(found.stdout.toString().trim());
  return pid > 0 ? pid : fallback;
}

/** Starts the server (`server/main.ts`) on an empty data directory and measures against it. */
export async function filesTransferBench(sizeMiB?: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'workspace-files-transfer-data-'));
  const port = Number(process.env.BENCH_FILES_TRANSFER_PORT ?? 4393);
  const server = await startServer(port, dataDir);
  try {
    return await transferAgainst(server.base, listeningPid(port, server.pid), sizeMiB);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await filesTransferBench(process.argv[2] ? Number(process.argv[2]) : undefined);
}
