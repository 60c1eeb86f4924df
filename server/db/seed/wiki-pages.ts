/**
 * The demo wiki's pages: for each demo project, a small tree of pages with their revisions (by
 * several people) and anchored comment threads. Comment marks are written `[comment id="@name"]`
 * here; the seed gives each name a UUID. `quote` is the marked passage's text when the thread was
 * written (seed.test.ts checks it against the Markdown); a thread whose passage a later revision
 * removed says so with `detachedOn` (the index of that revision). A page's body does not repeat its
 * title as a heading: the page shows the title above the text.
 */

export type SeedThread = {
  mark: string;
  by: string;
  text: string;
  daysAgo: number;
  quote: string;
  resolved?: boolean;
  detachedOn?: number;
  replies?: { by: string; text: string; daysAgo: number }[];
};
export type SeedRevision = { by: string; daysAgo: number; title?: string; summary?: string; markdown: string };
export type SeedPage = {
  title: string;
  revisions: SeedRevision[];
  threads?: SeedThread[];
  children?: SeedPage[];
};

const launchPlanV1 = `Byte & Brew is the robot-run café on the ground floor of the Lisbon office. This page is the single place for **what has to happen before the doors open**, who owns it, and what is still open. Cards on the board track the work; this page explains it.

## Goals

- Serve a consistent espresso in under **90 seconds** from order to cup, at up to 300 orders an hour.
- Run the café with one person on the floor, the arm doing the rest.
- Learn what the fleet software needs when a robot serves the public, not a warehouse.

## Timeline

| Milestone | Owner | Target | Status |
| --- | --- | --- | --- |
| Floor plan approved | Ada | Week 1 | Done |
| Robot arm chosen | Grace | Week 2 | Done |
| Water line and drainage | Priya | Week 4 | Done |
| Order queue service | Max | Week 7 | In progress |
| Payment terminal certified | Linus | Week 8 | Blocked |
| Soft opening (staff only) | Priya | Week 9 | Planned |
| Public opening | Ada | Week 10 | Planned |

[comment id="@opening"]We open to the public on Friday 14 November, after one week of staff-only service.[/comment] The soft opening is our load test: every employee gets two free drinks a day, which is close to the 300 orders an hour we expect at the morning peak.

## Open questions

- [x] Do we need a barista on the floor? *Yes, one person for the first month, for cleaning, restocking and questions.*
- [ ] Which oat-milk supplier? See the shortlist card.
- [ ] Do we accept cash? [comment id="@cash"]Legal says a café open to the public must take cash in Portugal.[/comment]
- [ ] Opening hours on Saturdays.

## Budget

| Item | Budget (EUR) | Spent (EUR) |
| --- | ---: | ---: |
| Robot arm and gripper | 48,000 | 47,200 |
| Espresso machine and grinders | 14,500 | 9,800 |
| Counter, kiosk and signage | 11,000 | 6,300 |
| Software (contractors) | 8,000 | 2,100 |
| **Total** | **81,500** | **65,400** |

## Order flow

An order comes from the app or the kiosk, goes into the queue, and the arm takes the oldest order whose ingredients are ready. The queue lives in Postgres; the arm's controller polls it:

\`\`\`sql
-- Take the next order fairly between app and kiosk.
select id, drink, options
from orders
where status = 'queued'
order by priority, created_at
for update skip locked
limit 1;
\`\`\`

> A café is a queue with a smell of coffee. Keep the queue boring.
> — Linus, in the architecture review

## Links

- Board: [Café roadmap](/projects) — the cards behind each milestone.
- Supplier contracts live in the shared drive under *Facilities / Café*.
- Arm vendor documentation: [UR5e user manual](https://www.universal-robots.com/download/).
`;

const launchPlanV2 = launchPlanV1
  .replace(
    '| Order queue service | Max | Week 7 | In progress |',
    '| Order queue service | Max | Week 7 | Done |\n| Load test at 300 orders/hour | Max | Week 8 | In progress |',
  )
  .replace(
    '- [ ] Which oat-milk supplier? See the shortlist card.',
    '- [x] Which oat-milk supplier? *Aveia Lisboa: local, delivers twice a week.*',
  )
  .replace(
    "The queue lives in Postgres; the arm's controller polls it:",
    "The queue lives in Postgres (no new infrastructure for a café); the arm's controller polls it:",
  );

const launchPlanV3 = launchPlanV2
  .replace(
    '[comment id="@opening"]We open to the public on Friday 14 November, after one week of staff-only service.[/comment] ',
    'We open to the public on Monday 17 November, after one week of staff-only service. ',
  )
  .replace(
    '| Public opening | Ada | Week 10 | Planned |',
    '| Public opening (moved to a Monday: quieter first day) | Ada | Week 10 | Planned |',
  );

const menu = `Every drink shows its allergens on the kiosk and the menu board. The arm never improvises: a drink is a recipe, and a recipe is data.

| Drink | Size | Price | Allergens |
| --- | --- | ---: | --- |
| Espresso | 30 ml | 1.20 | — |
| Cortado | 90 ml | 1.60 | Milk |
| Flat white | 180 ml | 2.40 | Milk |
| Oat flat white | 180 ml | 2.70 | Oats (gluten) |
| Hot chocolate | 250 ml | 2.50 | Milk, soy |
| Iced latte | 300 ml | 2.90 | Milk |

## Rules

1. [comment id="@allergens"]Allergen labels are printed from the recipe data, never typed by hand.[/comment]
2. A new recipe needs a tasting by two people and a review of its allergens by Priya.
3. Seasonal drinks get a card on the board with the label \`menu\`.
`;

const calibration = `The arm pulls shots on a 9-bar machine; the grinder drifts as the beans age, so we recalibrate every morning.

## Routine

1. Pull two shots with the current setting and weigh them.
2. Aim for 36 g out of 18 g in, in 27–30 seconds.
3. Adjust the grind by one step per 3 seconds off target.

The controller runs it as a script:

<!-- block:calib1 -->
\`\`\`python
def calibrate(grinder, scale, target=(27, 30)):
    for attempt in range(5):
        seconds, grams = pull_shot(grinder, scale)
        if target[0] <= seconds <= target[1]:
            return grinder.setting
        grinder.step(+1 if seconds < target[0] else -1)
    raise CalibrationFailed(grinder.setting)
\`\`\`

Results go to the fleet dashboard under *Café / Espresso*.
`;

const overview = `Byte & Brew is our robot-run café in Lisbon: one arm, one espresso machine, two grinders and a kiosk. It is also a test bed for the fleet software in a public place.

- **Launch plan**: milestones, budget and open questions.
- **Opening-day runbook**: what happens on the day, hour by hour.
- Questions go to #cafe in chat, or as a comment on the page concerned.

[comment id="@hours"]The café is open 8:00–18:00 on weekdays.[/comment] Saturday hours are still open (see the launch plan).
`;

const runbook = `## Before 7:30

- [ ] Calibrate the espresso (see the calibration notes).
- [ ] Fill the bean hoppers and the milk fridge.
- [ ] Check the cup dispenser jam sensor on both dispensers.
- [ ] Kiosk and app show the café as open.

## 8:00 – 10:00, the morning peak

- One person at the counter, one engineer on call in the building.
- If the queue passes 20 orders, the kiosk shows the wait time.

## After closing

- [ ] Run the night-time cleaning cycle.
- [ ] Export the day's orders for the reply-time report.
`;

const handbookV1 = `How the support team answers customers of the robot fleet: priorities, response times, tools, and when to wake someone up. New to the team? Read this page first, then the escalation path.

## Priorities and response times

| Priority | Example | First response | Update every |
| --- | --- | --- | --- |
| P1 (urgent) | A robot stopped on a customer's production line | 15 minutes | 1 hour |
| P2 (high) | A robot works but with errors or reduced speed | 2 hours | 1 working day |
| P3 (normal) | Questions, reports, configuration help | 1 working day | when there is news |
| P4 (low) | Feature requests | 3 working days | monthly |

[comment id="@sla"]Enterprise customers get P1 answered within 15 minutes around the clock, everyone else during office hours.[/comment]

## Every new ticket

- [x] Triage labels it (firmware, hardware, billing, …) and sets a priority.
- [ ] Cafébot drafts a reply from the help centre; a person checks it before it goes out.
- [ ] If the robot's telemetry shows an error, link the fleet dashboard.

## Tools

- The ticket queue, with saved views per priority.
- The [fleet health dashboard](https://fleet.acme.example/dashboard): battery, firmware and error rates per site.
- The status page, for anything that affects more than one customer.

To look up a robot from a ticket, use the fleet API:

\`\`\`bash
curl -s https://fleet.acme.example/api/robots/R-114 \\
  -H "Authorization: Bearer $FLEET_TOKEN" | jq '.firmware, .lastError'
\`\`\`

## Writing to customers

> Say what happened, what we are doing, and when they will hear from us next. Never promise a time we do not control.

- Use the customer's words for the problem, not ours.
- One ticket, one owner: hand over explicitly, with a note.
- [comment id="@refunds"]Refunds for failed deliveries are approved by the support lead on duty.[/comment]

## Working with the agents

Two agents work in the queue with us. **Triage** reads every new ticket, labels it, links duplicates and suggests a priority; a person can always change it. **Cafébot** drafts replies from the help centre and the macros. Neither sends anything to a customer on its own: a person reads the draft, edits the first sentence, and sends it.

When an agent gets something wrong, do not just fix the ticket. Add a comment on the card *Suggest answers for new tickets* with the ticket number and what the right answer was, so the next draft is better.

## Hand-over between shifts

- [ ] Every open P1 and P2 has a named owner for the next shift.
- [ ] Each ticket waiting on a customer says what we are waiting for.
- [ ] The shift note lists anything unusual: a site with many tickets, a firmware rollout in progress, a customer who asked for a call.

## Numbers we watch

| Metric | Target | October |
| --- | ---: | ---: |
| First response, P1 | 15 min | 11 min |
| First response, P2 | 2 h | 1 h 40 min |
| Tickets solved in one reply | 60% | 54% |
| Customer satisfaction | 90% | 92% |
`;

const handbookV2 = handbookV1
  .replace(
    '- [ ] Cafébot drafts a reply from the help centre; a person checks it before it goes out.',
    '- [x] Cafébot drafts a reply from the help centre; a person checks it before it goes out.',
  )
  .replace(
    '- [comment id="@refunds"]Refunds for failed deliveries are approved by the support lead on duty.[/comment]\n',
    '- Refunds follow the refund policy once Finance approves it (see the blocked card on the board).\n',
  );

const escalation = `1. **Support engineer on duty** owns the ticket from the first reply.
2. **Support lead** (Ken this month) when a P1 is not understood within 30 minutes.
3. **Platform on-call** for anything in firmware or the fleet software: page through the on-call tool, never by chat.
4. **Head of Operations** (Priya) for enterprise customers, [comment id="@enterprise"]within one hour of any P1 at an enterprise site[/comment].

Write down each hand-over in the ticket: who, when, and what they know.
`;

const macros = `Macros are starting points, not answers: always edit the first sentence for the customer.

| Macro | Use when | Owner |
| --- | --- | --- |
| Battery replacement | The battery health is under 70% | Cafébot |
| Firmware rollback | A robot misbehaves after an update | Ken |
| Gripper recalibration | Picks fail but the gripper reports no error | Hedy |

New macros are drafted by Cafébot and reviewed by Ken before they go live.
`;

const incidentV1 = `**Status:** resolved. **Error:** “gripper offline” after a firmware update. **Impact:** 3 robots at one customer site stopped picking for 2 h 10 min.

## Timeline

| Time | What happened |
| --- | --- |
| 09:02 | Firmware 4.12 rolled out to the customer's site |
| 09:15 | First ticket: “gripper offline” on R-114 |
| 09:40 | Triage links two more robots, same error |
| 10:05 | Platform on-call rolls the site back to 4.11 |
| 11:12 | All three robots picking again |

## Cause

[comment id="@cause"]The new firmware waited 200 ms for the gripper to answer at start; older grippers need up to 350 ms.[/comment]

## Actions

- [x] Roll back the site (done at 10:05).
- [ ] Raise the start-up timeout to 500 ms and test with the oldest grippers.
- [ ] Roll out to one robot per site first, then the rest.
`;

const incidentV2 = incidentV1.replace(
  '- [ ] Raise the start-up timeout to 500 ms and test with the oldest grippers.',
  '- [x] Raise the start-up timeout to 500 ms and test with the oldest grippers (firmware 4.12.1).',
);

export const DEMO_WIKI: Record<string, SeedPage[]> = {
  'Café roadmap': [
    {
      title: 'Café overview',
      revisions: [
        { by: 'Ada', daysAgo: 18, markdown: overview },
        {
          by: 'Zoë',
          daysAgo: 9,
          summary: 'Linked the runbook',
          markdown: overview.replace('hour by hour.', 'hour by hour, with a checklist.'),
        },
      ],
      threads: [
        {
          mark: 'hours',
          by: 'Priya',
          text: 'Can we open at 7:30? The platform team starts early.',
          daysAgo: 8,
          quote: 'The café is open 8:00–18:00 on weekdays.',
        },
      ],
      children: [
        {
          title: 'Launch plan',
          revisions: [
            { by: 'Grace', daysAgo: 16, markdown: launchPlanV1 },
            { by: 'Max', daysAgo: 7, markdown: launchPlanV2 },
            { by: 'Grace', daysAgo: 3, summary: 'Public opening moved to Monday 17 November', markdown: launchPlanV3 },
          ],
          threads: [
            {
              mark: 'opening',
              by: 'Linus',
              text: 'Is this date realistic? The payment terminal is still not certified.',
              daysAgo: 6,
              quote: 'We open to the public on Friday 14 November, after one week of staff-only service.',
              detachedOn: 2,
              replies: [{ by: 'Grace', text: 'Fair point. Moving it to the Monday after.', daysAgo: 4 }],
            },
            {
              mark: 'cash',
              by: 'Ken',
              text: 'Does that include the kiosk, or only the counter?',
              daysAgo: 10,
              quote: 'Legal says a café open to the public must take cash in Portugal.',
              resolved: true,
              replies: [
                { by: 'Priya', text: 'Only the counter. The kiosk can stay card-only.', daysAgo: 9 },
                { by: 'Ken', text: 'Thanks, I will update the FAQ.', daysAgo: 9 },
              ],
            },
          ],
          children: [
            {
              title: 'Menu and allergens',
              revisions: [
                { by: 'Zoë', daysAgo: 12, markdown: menu.replace('| Iced latte | 300 ml | 2.90 | Milk |\n', '') },
                { by: 'Priya', daysAgo: 5, summary: 'Added the iced latte', markdown: menu },
              ],
              threads: [
                {
                  mark: 'allergens',
                  by: 'Priya',
                  text: 'Legal needs the final list before we print anything.',
                  daysAgo: 4,
                  quote: 'Allergen labels are printed from the recipe data, never typed by hand.',
                },
              ],
            },
          ],
        },
        {
          title: 'Espresso calibration notes',
          revisions: [
            { by: 'Hedy', daysAgo: 11, markdown: calibration.replace('in 27–30 seconds', 'in 25–30 seconds') },
            { by: 'Grace', daysAgo: 2, summary: 'Tighter target after the tasting', markdown: calibration },
          ],
          threads: [
            {
              mark: 'block:calib1',
              by: 'Max',
              text: 'Should a failed calibration page someone, or just stop the espresso drinks?',
              daysAgo: 2,
              quote: 'def calibrate(grinder, scale, target=(27, 30)):',
              replies: [{ by: 'Hedy', text: 'Stop espresso drinks and page the on-call engineer.', daysAgo: 1 }],
            },
          ],
        },
      ],
    },
    {
      title: 'Opening-day runbook',
      revisions: [
        { by: 'Priya', daysAgo: 6, markdown: runbook.replace('\n- [ ] Kiosk and app show the café as open.', '') },
        { by: 'Max', daysAgo: 1, summary: 'Kiosk check', markdown: runbook },
      ],
    },
  ],
  'Support operations': [
    {
      title: 'Support handbook',
      revisions: [
        { by: 'Priya', daysAgo: 30, markdown: handbookV1 },
        {
          by: 'Ken',
          daysAgo: 5,
          summary: 'Cafébot drafts are live; refunds wait for the policy',
          markdown: handbookV2,
        },
      ],
      threads: [
        {
          mark: 'sla',
          by: 'Sam',
          text: 'We measured 11 minutes in October, but only for enterprise customers. Should we report both?',
          daysAgo: 12,
          quote:
            'Enterprise customers get P1 answered within 15 minutes around the clock, everyone else during office hours.',
          resolved: true,
          replies: [{ by: 'Priya', text: 'Yes, both, in the monthly report.', daysAgo: 11 }],
        },
        {
          mark: 'refunds',
          by: 'Ken',
          text: 'Finance wants to approve every refund over 200 EUR themselves.',
          daysAgo: 14,
          quote: 'Refunds for failed deliveries are approved by the support lead on duty.',
          detachedOn: 1,
        },
      ],
      children: [
        {
          title: 'Escalation path',
          revisions: [
            { by: 'Ken', daysAgo: 20, markdown: escalation.replace('Ken this month', 'rotating monthly') },
            { by: 'Priya', daysAgo: 3, markdown: escalation },
          ],
          threads: [
            {
              mark: 'enterprise',
              by: 'Linus',
              text: 'Within one hour at night too?',
              daysAgo: 2,
              quote: 'within one hour of any P1 at an enterprise site',
            },
          ],
        },
        {
          title: 'Macros and canned replies',
          revisions: [
            {
              by: 'Cafébot',
              daysAgo: 9,
              markdown: macros.replace(
                '| Gripper recalibration | Picks fail but the gripper reports no error | Hedy |\n',
                '',
              ),
            },
            { by: 'Ken', daysAgo: 8, summary: 'Added the gripper macro', markdown: macros },
          ],
        },
      ],
    },
    {
      title: 'Incident review: R-114',
      revisions: [
        { by: 'Linus', daysAgo: 15, title: 'Incident review: R-114 (draft)', markdown: incidentV1 },
        { by: 'Hedy', daysAgo: 10, markdown: incidentV2 },
      ],
      threads: [
        {
          mark: 'cause',
          by: 'Grace',
          text: 'Do we know why the bench tests missed it? They use new grippers only, I suspect.',
          daysAgo: 13,
          quote: 'The new firmware waited 200 ms for the gripper to answer at start; older grippers need up to 350 ms.',
          replies: [{ by: 'Hedy', text: 'Right. I added two old grippers to the test bench.', daysAgo: 10 }],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// The large seed: one page of about 50,000 words, and a project with 1,000 pages.

const TOPICS = [
  'battery health',
  'gripper calibration',
  'firmware rollout',
  'site onboarding',
  'conveyor alignment',
  'safety stops',
  'telemetry retention',
  'spare parts',
  'night shifts',
  'customer training',
];
const SENTENCES = [
  'Each site keeps a log of {topic}, reviewed every Monday by the operations lead.',
  'When {topic} drifts outside its range, the robot reports it before a person would notice.',
  'We learned the hard way that {topic} needs an owner at every site, not a shared inbox.',
  'The checklist below covers {topic} for a new technician in their first week.',
  'Most tickets about {topic} are solved by the steps in this section, without a site visit.',
  'Write down every change to {topic} in the site log, with the time and your name.',
  'The fleet dashboard shows {topic} per robot; compare it with the previous week before acting.',
  'If in doubt about {topic}, stop the robot safely and call the on-call engineer.',
];

/** About `words` words of handbook prose, with headings, lists, tables, quotes and code. */
export function longHandbook(words: number): string {
  const parts: string[] = [];
  let count = 0;
  let section = 0;
  while (count < words) {
    const topic = TOPICS[section % TOPICS.length]!;
    section++;
    parts.push(`## ${section}. ${topic[0]!.toUpperCase()}${topic.slice(1)}`, '');
    count += 2 + topic.split(' ').length;
    for (let p = 0; p < 4; p++) {
      const paragraph = Array.from({ length: 5 }, (_, s) =>
        SENTENCES[(section + p + s) % SENTENCES.length]!.replace('{topic}', topic),
      ).join(' ');
      parts.push(paragraph, '');
      count += paragraph.split(' ').length;
    }
    if (section % 3 === 0) {
      parts.push(
        '| Check | How often | Who |',
        '| --- | --- | --- |',
        `| ${topic} | Daily | Site technician |`,
        `| ${topic} report | Weekly | Operations lead |`,
        '',
      );
      count += 24;
    }
    if (section % 4 === 0) {
      parts.push(`- [x] Read the ${topic} section`, `- [ ] Shadow a colleague on ${topic}`, '');
      count += 12;
    }
    if (section % 5 === 0) {
      parts.push('```bash', `fleet report --topic "${topic}" --site "$SITE" --since 7d`, '```', '');
      count += 8;
    }
    if (section % 7 === 0) {
      parts.push(`> Nobody remembers ${topic} at 3 a.m.; the checklist does.`, '');
      count += 9;
    }
  }
  return parts.join('\n');
}
