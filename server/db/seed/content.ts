/**
 * The demo company's public-site content (server/modules/content): six published items — two
 * articles, two changelog entries, two help pages — and two drafts, about what Acme Robotics makes
 * (the robot fleet, its firmware, the fleet dashboard and API, and the Byte & Brew café test bed),
 * written by Ada. Publication dates are spread over the last two months, newest first on the
 * site. No content key: its secret could not be shown to anyone. Rows are inserted directly (the
 * seeds sit below the modules). Once: a company that already has content is left alone.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { contentItems, users } from '../schema.ts';

const DAY = 86_400_000;

type SeedItem = {
  kind: 'article' | 'changelog' | 'help';
  title: string;
  slug: string;
  excerpt: string;
  tags: string[];
  body: string;
  /** Days before now it was published; absent: a draft. */
  publishedDaysAgo?: number;
  /** Days before now it was last edited (its creation is a few days before). */
  updatedDaysAgo: number;
};

export const DEMO_CONTENT: SeedItem[] = [
  {
    kind: 'article',
    title: 'Introducing Byte & Brew, our robot-run café',
    slug: 'introducing-byte-and-brew',
    excerpt:
      'One arm, one espresso machine and a kiosk: how a café in our Lisbon office tests the fleet software in public.',
    tags: ['cafe', 'news'],
    publishedDaysAgo: 52,
    updatedDaysAgo: 50,
    body: `Our robots usually work behind the scenes: picking parts in warehouses, feeding machines on production lines. This spring one of them moved to the ground floor of our Lisbon office to make coffee. **Byte & Brew** is a small café run by a single robot arm, and it is open to everyone in the building.

## Why a café?

A café is the hardest customer we could find, in the best way:

- **People are unpredictable.** They change their order, lean over the counter and leave cups in odd places. A warehouse never does that.
- **Mistakes are visible.** A dropped cup in front of a queue teaches more than a week of log files.
- **It runs all day.** Eight hours of service is a realistic endurance test for grippers, sensors and the fleet software.

## What is inside

| Part | What it does |
|---|---|
| One six-axis arm | Grinds, tamps, pulls the shot, steams milk, serves |
| Two grinders | One for espresso, one for decaf |
| A kiosk | Takes orders and payments, shows the queue |
| The fleet agent | Reports health to the same dashboard our customers use |

## What we learned in the first month

1. Cup detection needs a second sensor: a paper cup and a ceramic cup look alike to a camera in bright light.
2. The gripper's start-up timeout was too short for a cold morning (see the firmware 4.12.1 changelog).
3. People love watching latte art. The queue got longer, not shorter.

Come by on a weekday between 8:00 and 18:00. The first espresso is on the robot.`,
  },
  {
    kind: 'article',
    title: 'How we roll out firmware: one robot per site first',
    slug: 'how-we-roll-out-firmware',
    excerpt:
      'Staged rollouts, health checks and a rollback that takes one click: what changed after the R-114 incident.',
    tags: ['firmware', 'engineering'],
    publishedDaysAgo: 30,
    updatedDaysAgo: 29,
    body: `When a firmware update stopped three robots at one customer site for two hours, we changed how every update reaches the fleet. This article explains the rollout process we use today, so you know what to expect when a new version lands on your robots.

## The stages

1. **Canary.** The update goes to one robot per site, chosen among those with the oldest hardware revision: if something is going to fail, it fails there first.
2. **Watch.** For 24 hours the fleet software compares the canary's error rate, cycle time and battery draw with its neighbours.
3. **Site by site.** If the canary is healthy, the rest of the site updates during its quiet hours, then the next site.

You can see the stage of every update on the fleet dashboard under *Updates*.

## Health checks that stop a rollout

A rollout pauses by itself when any canary shows:

- a gripper, camera or drive reporting offline after the restart;
- an error rate twice its own average of the previous week;
- a cycle time more than 10 % slower.

## Rolling back

Every robot keeps the previous firmware. Support can roll a robot, a site or the whole fleet back in one step, and the robot restarts on the old version within two minutes. If you see a robot misbehave after an update, open a ticket with its id (for example \`R-114\`): a rollback is the first thing we try.`,
  },
  {
    kind: 'changelog',
    title: 'Firmware 4.12.1: a longer gripper start-up timeout',
    slug: 'firmware-4-12-1',
    excerpt: 'Fixes “gripper offline” after an update on older grippers.',
    tags: ['firmware', 'release'],
    publishedDaysAgo: 21,
    updatedDaysAgo: 21,
    body: `## Fixed

- **“Gripper offline” after an update.** Older grippers (hardware revision B and earlier) could take more than 250 ms to answer after a restart, and the robot gave up on them. The start-up timeout is now 500 ms.
- The fleet dashboard no longer shows a robot as *updating* after the update finished while it was offline.

## Changed

- Updates roll out to one robot per site first (the canary), then to the rest of the site after 24 healthy hours. See *How we roll out firmware* for the details.

## How to update

Nothing to do: robots update during their site's quiet hours. To update one robot now, open it on the fleet dashboard and choose **Update now**.`,
  },
  {
    kind: 'changelog',
    title: 'Fleet dashboard: battery health per site',
    slug: 'fleet-dashboard-battery-health',
    excerpt: 'See which batteries are wearing out before a robot stops on the floor.',
    tags: ['fleet-dashboard', 'release'],
    publishedDaysAgo: 9,
    updatedDaysAgo: 8,
    body: `## New

- **Battery health** on every site page: each robot's battery capacity compared with when it was new, and an estimate of when it drops below 80 %.
- A weekly email to site admins listing batteries that need replacing within 30 days (turn it off in *Settings → Notifications*).

## Improved

- The site list sorts by the number of open alerts, so the sites that need attention come first.
- Charts load twice as fast on sites with more than 50 robots.

Battery replacements can be ordered from the robot's page: choose **Order a battery** and support schedules the visit.`,
  },
  {
    kind: 'help',
    title: 'Look up a robot with the fleet API',
    slug: 'look-up-a-robot-with-the-fleet-api',
    excerpt: 'Read a robot’s firmware, battery and last error from a script.',
    tags: ['fleet-api', 'getting-started'],
    publishedDaysAgo: 40,
    updatedDaysAgo: 12,
    body: `The fleet API gives your scripts the same data as the fleet dashboard. This page shows how to read one robot.

## 1. Create a token

In the fleet dashboard open **Settings → API tokens**, choose **New token**, give it a name (for example *Reporting script*) and copy it. The token is shown once; store it in your secret manager.

## 2. Call the API

\`\`\`sh
curl -s https://fleet.acme.example/api/robots/R-114 \\
  -H "Authorization: Bearer $FLEET_TOKEN"
\`\`\`

The answer is JSON:

\`\`\`json
{
  "id": "R-114",
  "site": "Porto warehouse",
  "firmware": "4.12.1",
  "battery": { "charge": 0.82, "health": 0.91 },
  "lastError": null
}
\`\`\`

## 3. Next steps

- List every robot of a site with \`GET /api/sites/{siteId}/robots\`.
- Tokens can be read-only: use one for reporting scripts.

Something not working? Write to support with the robot id and the time of the call.`,
  },
  {
    kind: 'help',
    title: 'A robot reports “gripper offline”',
    slug: 'gripper-offline',
    excerpt: 'What the error means and how to get the robot picking again.',
    tags: ['troubleshooting', 'grippers'],
    publishedDaysAgo: 3,
    updatedDaysAgo: 3,
    body: `“Gripper offline” means the robot could not talk to its gripper. The robot stops picking and waits, so nothing is dropped.

## Try this first

1. **Check the cable.** Open the gripper cover and make sure the connector is fully in; it clicks.
2. **Restart the gripper.** On the robot's screen choose **Tools → Restart gripper**. It takes about 20 seconds.
3. **Check the firmware.** On the fleet dashboard the robot's page shows its version. Older than 4.12.1? Choose **Update now**: version 4.12.1 fixes this error on older grippers.

## Still offline?

Open a ticket with:

- the robot id (on the label, for example \`R-114\`);
- when the error started;
- what you already tried.

If the robot is stopped on a production line, call the support line: it is a P1 and we answer within 15 minutes.`,
  },
  {
    kind: 'article',
    title: 'Planning your first robot deployment',
    slug: 'planning-your-first-robot-deployment',
    excerpt: 'Floor space, Wi-Fi, charging and people: a checklist for the weeks before the robots arrive.',
    tags: ['guides', 'getting-started'],
    updatedDaysAgo: 2,
    body: `*Draft — Ada to finish with Priya's notes from the Porto deployment.*

## Six weeks before

- [ ] Measure the aisles: robots need 90 cm to pass each other.
- [ ] Survey the Wi-Fi on the floor, not in the office.
- [ ] Choose where the chargers go: one per three robots, near a power line.

## Two weeks before

- [ ] Name a site admin who receives alerts.
- [ ] Plan a 30-minute walk-through for the people who will work next to the robots.

## On the day

*Still to write: the installation timeline and who signs off.*`,
  },
  {
    kind: 'changelog',
    title: 'Fleet API: webhooks for robot errors',
    slug: 'fleet-api-webhooks',
    excerpt: 'Get a signed HTTP call the moment a robot reports an error.',
    tags: ['fleet-api', 'release'],
    updatedDaysAgo: 1,
    body: `*Draft — publish when webhooks reach general availability.*

## New

- **Webhooks.** Register a URL in *Settings → Webhooks* and the fleet calls it when a robot reports an error, goes offline or finishes an update. Each call is signed with HMAC-SHA256 so you can check it came from us.`,
  },
];

/** Seeds the demo content of `companyId` once, written by Ada (see above); returns whether it did. */
export async function seedDemoContent(tx: Executor, companyId: string, authorEmail: string, now = Date.now()) {
  const [existing] = await tx
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(eq(contentItems.companyId, companyId))
    .limit(1);
  if (existing) return false;
  const [author] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, authorEmail), eq(users.companyId, companyId)))
    .limit(1);
  await tx.insert(contentItems).values(
    DEMO_CONTENT.map((item) => {
      const updatedAt = new Date(now - item.updatedDaysAgo * DAY);
      const publishedAt = item.publishedDaysAgo === undefined ? null : new Date(now - item.publishedDaysAgo * DAY);
      const createdAt = new Date(Math.min(updatedAt.getTime(), publishedAt?.getTime() ?? Infinity) - 3 * DAY);
      return {
        companyId,
        kind: item.kind,
        title: item.title,
        slug: item.slug,
        excerpt: item.excerpt,
        tags: item.tags,
        body: item.body,
        status: publishedAt ? ('published' as const) : ('draft' as const),
        publishedAt,
        authorId: author?.id ?? null,
        createdAt,
        updatedAt,
      };
    }),
  );
  return true;
}
