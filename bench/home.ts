/**
 * Home on the large seed: the server time of its endpoints, and in Chromium, from navigation start
 * (and from the arrival of its data) to the first frame showing its lists.
 */
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/browser.ts';
import { percentile, round, signIn } from './shared.ts';

type AssignedCard = { id: string; project: { id: string; name: string }; column: { id: string } };

/**
 * Gives `email` a history to show: a colleague moves and comments on 60 of their cards, and
 * replies in threads they started on 20 more. Returns how many cards are assigned to them.
 */
export async function seedHomeActivity(base: string, email: string, colleague: string) {
  const [token, other] = await Promise.all([signIn(base, email), signIn(base, colleague)]);
  const call = async (as: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { cards } = (await call(token, 'GET', '/users/me/cards')) as { cards: AssignedCard[] };
  const columnsOf = new Map<string, string[]>();
  for (const card of cards.slice(0, 80)) {
    const projectId = card.project.id;
    if (!columnsOf.has(projectId)) {
      const board = (await call(token, 'GET', `/projects/${projectId}`)) as { columns: { id: string }[] };
      columnsOf.set(
        projectId,
        board.columns.map((column) => column.id),
      );
    }
  }
  for (const [index, card] of cards.slice(0, 80).entries()) {
    const projectId = card.project.id;
    const path = `/projects/${projectId}/cards/${card.id}`;
    if (index < 60) {
      const columns = columnsOf.get(projectId)!;
      const target = columns[(columns.indexOf(card.column.id) + 1) % columns.length]!;
      await call(other, 'PATCH', `${path}/move`, { columnId: target, position: 0 });
      await call(other, 'POST', `${path}/comments`, {
        text: `Moved this along (${index + 1}); shout if it is not ready.`,
      });
    } else {
      const root = (await call(token, 'POST', `${path}/comments`, { text: 'Who can pick this up?' })) as { id: string };
      await call(other, 'POST', `${path}/comments`, { text: 'I can, this afternoon.', parentId: root.id });
    }
  }
  return cards.length;
}

/** Sequential requests from this process: the median and 95th percentile of each Home endpoint. */
export async function homeEndpointTimes(base: string, email: string) {
  const token = await signIn(base, email);
  // `/users/me` (no query past authentication) for comparison: what any request costs here.
  const paths = ['/users/me', '/users/me/cards', '/users/me/activity', '/users/me/activity?limit=100', '/projects'];
  const rows: Record<string, string | number>[] = [];
  for (const path of paths) {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < 45; i++) {
      const started = performance.now();
      const response = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
      // The first requests warm the caches and the JIT; not counted.
      if (i >= 5) times.push(performance.now() - started);
      size = body.byteLength;
    }
    rows.push({
      endpoint: `GET /api${path}`,
      responseKB: round(size / 1024),
      medianMs: round(percentile(times, 50)),
      p95Ms: round(percentile(times, 95)),
    });
  }
  return rows;
}

type HomeTiming = { painted: number; dataStart: number; dataEnd: number; requests: number };

/**
 * Loads Home in Chromium again and again: navigation start to the first frame showing the
 * assigned cards and the activity (both with data), and the later of those two responses to that
 * frame. Three recent boards are remembered, so the project list is fetched too (Home does not
 * wait for it), as for someone who opens boards.
 */
export async function homeBench(base: string, email: string, runs = 9) {
  const token = await signIn(base, email);
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${base}/api/users/me`, { headers })).json()) as { user: { id: string } };
  const { projects } = (await (await fetch(`${base}/api/projects`, { headers })).json()) as {
    projects: { id: string; name: string }[];
  };
  const recent = JSON.stringify(projects.slice(0, 3).map((project) => ({ id: project.id, name: project.name })));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    // tsx names functions with a `__name` helper; functions sent to the page need it there too.
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.addInitScript(
      ([value, key, boards]) => {
        localStorage.setItem('workspace.session', value);
        localStorage.setItem(key, boards);
        // Marks the first frame in which both Home lists are on screen with their data.
        const observer = new MutationObserver(() => {
          if (
            document.querySelector('[data-home-list="cards"] li') &&
            document.querySelector('[data-home-list="activity"] li')
          ) {
            observer.disconnect();
            requestAnimationFrame(() =>
              setTimeout(
                () => ((window as unknown as { __homePaintedAt: number }).__homePaintedAt = performance.now()),
              ),
            );
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      },
      [token, `workspace.home.recent-boards.${me.user.id}`, recent] as const,
    );
    const page = await context.newPage();
    const once = async (): Promise<HomeTiming> => {
      await page.goto(`${base}/`);
      await page.waitForFunction(() => (window as unknown as { __homePaintedAt?: number }).__homePaintedAt, null, {
        timeout: 30_000,
      });
      return page.evaluate(() => {
        const home = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/api\/users\/me\/(cards|activity)$/.test(new URL(entry.name).pathname));
        return {
          painted: (window as unknown as { __homePaintedAt: number }).__homePaintedAt,
          dataStart: Math.min(...home.map((entry) => entry.startTime)),
          dataEnd: Math.max(...home.map((entry) => (entry as PerformanceResourceTiming).responseEnd)),
          requests: home.length,
        };
      });
    };
    await once(); // warm the caches
    const timings: HomeTiming[] = [];
    for (let i = 0; i < runs; i++) timings.push(await once());
    const navToPaint = timings.map((timing) => timing.painted);
    const dataToPaint = timings.map((timing) => timing.painted - timing.dataEnd);
    const dataRound = timings.map((timing) => timing.dataEnd - timing.dataStart);
    return {
      runs,
      homeRequests: timings[0]!.requests,
      navStartToPaintedMsMedian: round(percentile(navToPaint, 50)),
      navStartToPaintedMsMax: round(Math.max(...navToPaint)),
      // The Home requests go out together: from the first one's start to the last one's end.
      homeDataRoundMsMedian: round(percentile(dataRound, 50)),
      homeDataToPaintedMsMedian: round(percentile(dataToPaint, 50)),
      homeDataToPaintedMsMax: round(Math.max(...dataToPaint)),
    };
  } finally {
    await browser.close();
  }
}
