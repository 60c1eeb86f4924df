/**
 * Wiki page save on the server: the latency of `PATCH /api/projects/{id}/wiki/{pageId}` for a
 * 10,000-word page (and, for comparison, a 50,000-word one): sequential saves from this process,
 * each with one more word edited on the current revision (a paragraph at a time), as an editor's
 * autosave sends them. The page carries 20 comment marks with anchored threads, so every save
 * also re-checks their anchors. With a server it started itself, also the server's CPU time per
 * save (all its processes), a figure a busy machine disturbs much less than latency.
 * Prints figures, never passes or fails on them. Target (issue 12): p99 ≤ 30 ms at 10,000 words.
 *
 *   wikiSaveLatency(base, email)   against a running server (bench/run.ts wires it in)
 *   npx tsx bench/wiki-server.ts   starts its own server on an empty data directory, then measures
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { longHandbook } from '../server/db/seed/wiki-pages.ts';
import { percentile, round, signIn, startServer } from './shared.ts';

const MARKS = 20;

type Page = { id: string; revisionId: string; markdown: string };

/** About `words` words of handbook Markdown with `MARKS` comment marks spread through it. */
function pageWithMarks(words: number) {
  const marks = Array.from({ length: MARKS }, () => crypto.randomUUID());
  const paragraphs = longHandbook(words).split('\n\n');
  const step = Math.floor(paragraphs.length / (MARKS + 1));
  marks.forEach((id, n) => {
    const index = (n + 1) * step;
    const paragraph = paragraphs[index]!;
    if (paragraph.startsWith('#') || paragraph.startsWith('|') || paragraph.startsWith('`')) {
      paragraphs[index] = `${paragraph}\n\nA note: [comment id="${id}"]this passage has a thread[/comment].`;
    } else {
      const cut = paragraph.indexOf('. ') + 1;
      paragraphs[index] = `[comment id="${id}"]${paragraph.slice(0, cut)}[/comment]${paragraph.slice(cut)}`;
    }
  });
  return { markdown: paragraphs.join('\n\n'), marks };
}

/**
 * Sequential saves of a fresh page of `words` words: `saves` measured after `warmup`. Returns the
 * latency percentiles in milliseconds, as seen by this process (loopback HTTP included).
 */
async function measureSaves(
  base: string,
  token: string,
  projectId: string,
  words: number,
  saves: number,
  serverCpuMs?: () => number,
  warmup = 20,
) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { markdown, marks } = pageWithMarks(words);
  const wiki = `/projects/${projectId}/wiki`;
  let page = (await call('POST', wiki, { title: `Save benchmark, ${words} words`, markdown })) as Page;
  for (const [n, mark] of marks.entries()) {
    await call('POST', `${wiki}/${page.id}/comments`, { text: `Thread ${n + 1}`, anchor: mark });
  }
  const bytes = Buffer.byteLength(markdown);
  // Words and the whitespace between them, kept; only plain words are edited.
  const tokens = page.markdown.split(/(\s+)/);
  const plain = tokens.flatMap((token, index) => (/^[a-z]+$/.test(token) ? [index] : []));
  const times: number[] = [];
  let cpuAtStart = 0;
  for (let i = 0; i < warmup + saves; i++) {
    if (i === warmup) cpuAtStart = serverCpuMs?.() ?? 0;
    // One more word edited, in the paragraph being worked on (edits accumulate as an author's do).
    tokens[plain[(Math.floor(i / 25) * 7919 + (i % 25) * 2) % plain.length]!] = `edited${i}`;
    const body = { baseRevisionId: page.revisionId, markdown: tokens.join('') };
    const started = performance.now();
    page = (await call('PATCH', `${wiki}/${page.id}`, body)) as Page;
    if (i >= warmup) times.push(performance.now() - started);
  }
  const cpuPerSave = serverCpuMs ? (serverCpuMs() - cpuAtStart) / saves : undefined;
  await call('POST', `${wiki}/${page.id}/archive`);
  return {
    page: `${words.toLocaleString('en')} words (${round(bytes / 1024)} kB, ${MARKS} anchored threads)`,
    saves,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    p99Ms: round(percentile(times, 99)),
    maxMs: round(Math.max(...times)),
    ...(cpuPerSave === undefined ? {} : { serverCpuMsPerSave: round(cpuPerSave) }),
  };
}

/**
 * CPU time (user + system, milliseconds) used so far by every process of a process group: the
 * server started detached (npm / tsx / node). Latency on a busy machine says little; the CPU a
 * save costs the server does not depend on what else runs.
 */
export function processGroupCpuMs(groupId: number): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the command: state, ppid, pgrp, …; utime and stime are fields 14 and 15 of the line.
      if (Number(fields[2]) === groupId) total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * Page save latency against the server at `base`, signed in as `email` (a demo account: the
 * pages go into the first project it lists, and are archived afterwards). Pass `serverCpuMs`
 * (e.g. `() => processGroupCpuMs(child.pid)` for a server spawned detached) to also report the
 * server's CPU time per save. Prints a table and returns its rows.
 */
export async function wikiSaveLatency(
  base: string,
  email = 'ada@acme.example',
  saves = 300,
  serverCpuMs?: () => number,
) {
  const token = await signIn(base, email);
  const projects = (await (
    await fetch(`${base}/api/projects`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { projects: { id: string; archived: boolean }[] };
  const project = projects.projects.find((candidate) => !candidate.archived);
  if (!project) throw new Error('no project to write pages in');
  const rows = [
    await measureSaves(base, token, project.id, 10_000, saves, serverCpuMs),
    await measureSaves(base, token, project.id, 50_000, Math.min(saves, 100), serverCpuMs),
  ];
  console.log(
    '\nWiki page save (PATCH, sequential autosave-like edits, loopback HTTP); target p99 ≤ 30 ms at 10,000 words',
  );
  console.table(rows);
  return rows;
}

async function standalone() {
  const dataDir = mkdtempSync(join(tmpdir(), 'workspace-wiki-bench-'));
  const server = await startServer(Number(process.env.BENCH_PORT ?? 4391), dataDir);
  try {
    await wikiSaveLatency(server.base, 'ada@acme.example', Number(process.argv[2] ?? 300), () =>
      processGroupCpuMs(server.pid),
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await standalone();
