/**
 * The demo inbox: notifications for the demo company's people over the last days, some read, one
 * snoozed, each pointing at real demo data — cards and comment threads of the demo boards, wiki
 * threads, agents — as the causes would have written them
 * (server/modules/notifications). Ada (the admin who signs in by default) gets a dozen, Max (the
 * member) half a dozen, Grace, Hedy and Linus one or two. No low-credits notice: the demo ledger
 * (server/db/seed/credits.ts) never falls below the threshold in a way that notifies.
 *
 * A mention or a reply needs a comment that says it: those comments are added here, in the
 * mention syntax the service parses (`@[Name](person:<id>)`). One card without an assignee is
 * given to Ada (her `card_assigned`). Rows are inserted directly: the seeds sit below the modules.
 * Nothing is marked for email (`emailWanted` false): demo data never sends mail. Once: a company
 * whose people already have notifications is left alone.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { agents, cardComments, cards, notifications, projects, users, wikiComments, wikiPages } from '../schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type NotificationRow = typeof notifications.$inferInsert;
type Who = { kind: 'human' | 'agent'; id: string; name: string };
type CardRef = { id: string; projectId: string; title: string; description: string };
type Comment = { id: string; parentId: string | null; createdAt: Date; text: string };

/** A mention as the service stores it in a text. */
const mention = (who: Who) => `@[${who.name}](${who.kind === 'human' ? 'person' : 'agent'}:${who.id})`;
/** A text as a snippet shows it: mentions as `@Name`. */
const plain = (text: string) => text.replace(/@\[([^\]]*)\]\((?:person|agent):[0-9a-f-]{36}\)/g, '@$1');

/** Seeds the demo inbox of `companyId` once (see above); returns whether it did. */
export async function seedDemoNotifications(tx: Executor, companyId: string, now = Date.now()): Promise<boolean> {
  const [existing] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.companyId, companyId))
    .limit(1);
  if (existing) return false;

  const everyone = new Map<string, Who>();
  for (const user of await tx.select().from(users).where(eq(users.companyId, companyId))) {
    everyone.set(user.name.split(' ')[0]!, { kind: 'human', id: user.id, name: user.name });
  }
  for (const agent of await tx.select().from(agents).where(eq(agents.companyId, companyId))) {
    everyone.set(agent.name, { kind: 'agent', id: agent.id, name: agent.name });
  }
  const who = (name: string) => {
    const found = everyone.get(name);
    if (!found) throw new Error(`seed: nobody called ${name}`);
    return found;
  };

  const cardRows = await tx
    .select({ id: cards.id, projectId: cards.projectId, title: cards.title, description: cards.description })
    .from(cards)
    .innerJoin(projects, eq(projects.id, cards.projectId))
    .where(and(eq(projects.companyId, companyId), inArray(projects.name, ['Café roadmap', 'Support operations'])));
  const card = (title: string): CardRef => {
    const found = cardRows.find((row) => row.title === title);
    if (!found) throw new Error(`seed: no card called ${title}`);
    return found;
  };
  const pageRows = await tx
    .select({ id: wikiPages.id, projectId: wikiPages.projectId, title: wikiPages.title })
    .from(wikiPages)
    .where(
      inArray(
        wikiPages.projectId,
        cardRows.map((row) => row.projectId),
      ),
    );
  const page = (title: string) => {
    const found = pageRows.find((row) => row.title === title);
    if (!found) throw new Error(`seed: no wiki page called ${title}`);
    return found;
  };

  /** An existing comment of a card, by the start of its text. */
  const cardComment = async (on: CardRef, textStart: string): Promise<Comment> => {
    const found = (await tx.select().from(cardComments).where(eq(cardComments.cardId, on.id))).find((row) =>
      row.text.startsWith(textStart),
    );
    if (!found) throw new Error(`seed: no comment “${textStart}” on ${on.title}`);
    return found;
  };
  /** Adds a comment to a card, `hoursAgo`. */
  const addCardComment = async (on: CardRef, by: Who, text: string, hoursAgo: number, parentId: string | null) => {
    const [row] = await tx
      .insert(cardComments)
      .values({
        cardId: on.id,
        parentId,
        authorName: by.name,
        authorUserId: by.kind === 'human' ? by.id : null,
        authorAgentId: by.kind === 'agent' ? by.id : null,
        text,
        createdAt: new Date(now - hoursAgo * HOUR),
      })
      .returning();
    return row!;
  };
  /** An existing wiki comment of a page, by the start of its text. */
  const wikiComment = async (pageId: string, textStart: string) => {
    const found = (await tx.select().from(wikiComments).where(eq(wikiComments.pageId, pageId))).find((row) =>
      row.text.startsWith(textStart),
    );
    if (!found) throw new Error(`seed: no wiki comment “${textStart}”`);
    return found;
  };
  /** Adds a reply to a wiki thread, `hoursAgo`. */
  const addWikiReply = async (root: { id: string; pageId: string }, by: Who, text: string, hoursAgo: number) => {
    const [row] = await tx
      .insert(wikiComments)
      .values({
        pageId: root.pageId,
        parentId: root.id,
        authorName: by.name,
        authorUserId: by.kind === 'human' ? by.id : null,
        authorAgentId: by.kind === 'agent' ? by.id : null,
        text,
        createdAt: new Date(now - hoursAgo * HOUR),
      })
      .returning();
    return row!;
  };

  const out: NotificationRow[] = [];
  /** One notification; `read` hours after it came (unread when absent). */
  const add = (
    to: Who,
    by: Who | null,
    at: Date,
    fields: Pick<NotificationRow, 'type' | 'thingKind' | 'thingId' | 'title' | 'snippet'> &
      Partial<NotificationRow> & { readAfterHours?: number },
  ) => {
    const { readAfterHours, ...rest } = fields;
    out.push({
      companyId,
      userId: to.id,
      actorUserId: by?.kind === 'human' ? by.id : null,
      actorAgentId: by?.kind === 'agent' ? by.id : null,
      actorName: by?.name ?? '',
      createdAt: at,
      readAt: readAfterHours === undefined ? null : new Date(at.getTime() + readAfterHours * HOUR),
      emailWanted: false,
      ...rest,
      snippet: plain(rest.snippet ?? '').slice(0, 280),
    });
  };
  const onCard = (on: CardRef) => ({
    thingKind: 'card' as const,
    thingId: on.id,
    title: on.title,
    projectId: on.projectId,
    cardId: on.id,
  });
  /** A mention or a reply in a card comment. */
  const cardCommentNotice = (
    type: 'mention' | 'reply',
    to: Who,
    by: Who,
    on: CardRef,
    comment: Comment,
    readAfterHours?: number,
  ) =>
    add(to, by, comment.createdAt, {
      type,
      ...onCard(on),
      snippet: comment.text,
      commentId: comment.id,
      threadId: comment.parentId ?? comment.id,
      dedupeKey: `${type}:${comment.id}`,
      readAfterHours,
    });
  /** A mention or a reply in a wiki thread. */
  const wikiNotice = (
    type: 'mention' | 'reply',
    to: Who,
    by: Who,
    on: { id: string; projectId: string; title: string },
    root: { id: string; anchor: string | null },
    comment: Comment,
    readAfterHours?: number,
  ) =>
    add(to, by, comment.createdAt, {
      type,
      thingKind: 'wiki_page',
      thingId: on.id,
      title: on.title,
      snippet: comment.text,
      projectId: on.projectId,
      pageId: on.id,
      commentId: comment.id,
      threadId: root.id,
      anchor: root.anchor,
      dedupeKey: `${type}:${comment.id}`,
      readAfterHours,
    });
  const agentWork = (
    type: 'agent_work_completed' | 'agent_work_failed',
    to: Who,
    agent: Who,
    on: CardRef,
    hoursAgo: number,
    summary: string,
    readAfterHours?: number,
  ) =>
    add(to, agent, new Date(now - hoursAgo * HOUR), {
      type,
      ...onCard(on),
      agentId: agent.id,
      snippet: summary,
      readAfterHours,
    });
  const assigned = (to: Who, by: Who, on: CardRef, hoursAgo: number, readAfterHours?: number) =>
    add(to, by, new Date(now - hoursAgo * HOUR), {
      type: 'card_assigned',
      ...onCard(on),
      snippet: on.description,
      readAfterHours,
    });

  const [ada, grace, linus, priya, max, hedy, zoe, sam] = [
    'Ada',
    'Grace',
    'Linus',
    'Priya',
    'Max',
    'Hedy',
    'Zoë',
    'Sam',
  ].map(who);
  const [cafebot, scribe, triage] = ['Cafébot', 'Scribe', 'Triage'].map(who);

  // --- Ada -------------------------------------------------------------------------------------
  const terminal = card('Payment terminal certification');
  const signature = await addCardComment(
    terminal,
    grace!,
    `${mention(ada!)} the bank wants a director’s signature before it sends the test credentials. Could you sign the form today?`,
    0.7,
    null,
  );
  cardCommentNotice('mention', ada!, grace!, terminal, signature);

  // A card nobody had: Priya gives it to Ada, with a description to act on.
  const sla = card('Customer asks for an SLA report export');
  const slaDescription =
    sla.description ||
    'Northwind Logistics wants a monthly export of answer and resolution times per site for their quarterly review. Decide whether it is a product feature or a report we send.';
  await tx
    .update(cards)
    .set({ assigneeKind: 'human', assigneeId: ada!.id, description: slaDescription })
    .where(and(eq(cards.id, sla.id), isNull(cards.assigneeId)));
  assigned(ada!, priya!, { ...sla, description: slaDescription }, 3);

  agentWork(
    'agent_work_completed',
    ada!,
    cafebot!,
    card('Answer café FAQs in the help centre'),
    5,
    'Published 14 answers in the help centre’s café section. The opening-hours answer waits for the 7:30 decision; I left it as a draft.',
  );

  const overview = page('Café overview');
  const hours = await wikiComment(overview.id, 'Can we open at 7:30?');
  const hoursReply = await addWikiReply(
    hours,
    priya!,
    `${mention(ada!)} Grace is fine with 7:30 if the arm’s warm-up starts at 7:00. Your call.`,
    9,
  );
  wikiNotice('mention', ada!, priya!, overview, hours, hoursReply);

  // Ada answered in Grace's thread on the incident review; Grace's answer is a reply for her and Hedy.
  const incident = page('Incident review: R-114');
  const cause = await wikiComment(incident.id, 'Do we know why the bench tests missed it?');
  const adaReply = await addWikiReply(
    cause,
    ada!,
    'Let’s keep the old grippers on the bench for every firmware release, not just this one.',
    30,
  );
  wikiNotice('reply', grace!, ada!, incident, cause, adaReply, 2);
  wikiNotice('reply', hedy!, ada!, incident, cause, adaReply, 6);
  const causeReply = await addWikiReply(cause, grace!, 'Agreed. It is on the release checklist now.', 20);
  wikiNotice('reply', ada!, grace!, incident, cause, causeReply);
  wikiNotice('reply', hedy!, grace!, incident, cause, causeReply);

  agentWork(
    'agent_work_failed',
    ada!,
    scribe!,
    card('Menu board copy in Portuguese and English'),
    36,
    'I stopped at the Portuguese copy: the allergen names are not in the glossary yet, and I will not guess them on a food label. The English copy is ready for review.',
    2,
  );

  const dashboard = card('Fleet health dashboard');
  const numbers = await addCardComment(
    dashboard,
    sam!,
    `${mention(ada!)} for the board meeting: numbers from this dashboard, or from the monthly report? They differ by a day.`,
    50,
    null,
  );
  cardCommentNotice('mention', ada!, sam!, dashboard, numbers);
  // Snoozed until tomorrow morning: it comes back unread then.
  out.at(-1)!.snoozedUntil = new Date(Math.ceil(now / DAY) * DAY + 8 * HOUR);

  const kioskReview = card('Accessibility review of the kiosk');
  const wheelchair = await addCardComment(
    kioskReview,
    ada!,
    'Please include the wheelchair-height test in the review; the landlord asked about it.',
    96,
    null,
  );
  const booked = await addCardComment(
    kioskReview,
    zoe!,
    'Yes, I booked it with the accessibility consultant for next Tuesday.',
    72,
    wheelchair.id,
  );
  cardCommentNotice('reply', ada!, zoe!, kioskReview, booked, 1);

  const suggestions = card('Suggest answers for new tickets');
  const openingDate = await addCardComment(
    suggestions,
    cafebot!,
    `${mention(ada!)} two customers asked when the café opens; I answered Monday 17 November. Please tell me if that changes.`,
    110,
    null,
  );
  cardCommentNotice('mention', ada!, cafebot!, suggestions, openingDate, 3);

  agentWork(
    'agent_work_completed',
    ada!,
    triage!,
    card('Tag taxonomy cleanup'),
    170,
    'Merged 41 tags into 12 and relabelled 380 open tickets. The old tags stay as aliases for a month.',
    4,
  );
  assigned(ada!, grace!, card('Floor plan approved'), 220, 1);

  const escalation = page('Escalation path');
  const night = await wikiComment(escalation.id, 'Within one hour at night too?');
  const budget = await addWikiReply(
    night,
    priya!,
    `${mention(ada!)} this is a budget decision: a night promise for enterprise sites means a second person on the rota.`,
    14,
  );
  wikiNotice('mention', ada!, priya!, escalation, night, budget, 1);
  wikiNotice('reply', linus!, priya!, escalation, night, budget);

  // --- Max -------------------------------------------------------------------------------------
  const queue = card('Order queue service');
  const duplicates = await addCardComment(
    queue,
    linus!,
    `${mention(max!)} the kiosk sends the same order twice when its network drops. Can the queue refuse a repeated order id?`,
    2,
    null,
  );
  cardCommentNotice('mention', max!, linus!, queue, duplicates);
  assigned(max!, linus!, card('Receipt e-mails'), 4);

  const calibration = page('Espresso calibration notes');
  const failed = await wikiComment(calibration.id, 'Should a failed calibration page someone');
  const stop = await wikiComment(calibration.id, 'Stop espresso drinks');
  wikiNotice('reply', max!, hedy!, calibration, failed, stop);

  const jam = card('Cup-dispenser jam detection');
  const thresholds = await cardComment(jam, 'No — compostable cups');
  cardCommentNotice('reply', max!, hedy!, jam, thresholds, 3);

  const screens = card('Kiosk ordering screens');
  const position = await addCardComment(
    screens,
    zoe!,
    `${mention(max!)} the screens show the queue position from the order response. Is \`position\` stable once the order is accepted?`,
    75,
    null,
  );
  cardCommentNotice('mention', max!, zoe!, screens, position, 5);
  assigned(max!, linus!, queue, 150, 2);

  await tx.insert(notifications).values(out);
  return true;
}
