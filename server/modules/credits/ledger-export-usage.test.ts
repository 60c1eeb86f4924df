import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agents } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { appendGrants, createCompanyOpenedAt, move } from './ledger-fixtures.ts';
import { csvField } from '../../lib/csv.ts';
import { EXPORT_CHUNK, exportFileName } from './ledger-service.ts';

const t = useTestApp();

const EXPORT = '/subscriptions/credits/transactions/export';
const USAGE = '/subscriptions/credits/usage';
const HEADER =
  'id,companyId,seq,type,amount,includedChange,purchasedChange,balanceAfterIncluded,balanceAfterPurchased,createdAt,agentId,sessionId,cardId,operation,paymentInvoiceId,paymentCheckoutSessionId,adminUserId,note';

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  return rows;
}

/** Signs a member in to a company created for the test. */
async function adminOf(company: { id: string }) {
  const admin = await t.createUser({ company, role: 'admin' });
  const member = await t.createUser({ company, role: 'member' });
  return { admin, adminToken: await t.signIn(admin.email), memberToken: await t.signIn(member.email) };
}

describe('GET /subscriptions/credits/transactions/export', () => {
  it('streams every row as RFC 4180 CSV with a header, quoting and formula neutralisation, as an attachment', async () => {
    const org = await t.createOrg();
    const agentId = randomUUID();
    await move(
      t,
      org.company.id,
      { type: 'consumption', change: { cost: 30 }, agentId, operation: 'postAgentMessage' },
      { type: 'purchase', change: { included: 0, purchased: 500 }, paymentInvoiceId: '=HYPERLINK("x")' },
      {
        type: 'adjustment',
        change: { included: 0, purchased: -20 },
        adminUserId: org.admin.id,
        note: '=SUM(A1:A9)',
      },
      {
        type: 'grant',
        change: { included: 0, purchased: 5 },
        adminUserId: org.admin.id,
        note: '-5 for "the" bug, sorry\nline two',
      },
      { type: 'grant', change: { included: 0, purchased: 1 }, adminUserId: org.admin.id, note: '@admin +1' },
    );
    const response = await t.call('GET', EXPORT, { token: org.adminToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="credits-company-[a-z0-9-]+-${day}\\.csv"$`),
    );
    const text = response.body as string;
    expect(text.startsWith(`${HEADER}\r\n`)).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(HEADER.split(','));
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => row[column('seq')])).toEqual(['6', '5', '4', '3', '2', '1']);
    const bySeq = new Map(rows.map((row) => [row[column('seq')], row]));
    // Amounts are numbers, negative ones too: not neutralised.
    expect(bySeq.get('2')![column('amount')]).toBe('-30');
    expect(bySeq.get('2')![column('includedChange')]).toBe('-30');
    expect(bySeq.get('2')![column('agentId')]).toBe(agentId);
    expect(bySeq.get('2')![column('operation')]).toBe('postAgentMessage');
    expect(bySeq.get('2')![column('note')]).toBe('');
    expect(bySeq.get('4')![column('amount')]).toBe('-20');
    // Text that a spreadsheet would run gets a leading apostrophe.
    expect(bySeq.get('4')![column('note')]).toBe("'=SUM(A1:A9)");
    expect(bySeq.get('3')![column('paymentInvoiceId')]).toBe(`'=HYPERLINK("x")`);
    expect(bySeq.get('5')![column('note')]).toBe(`'-5 for "the" bug, sorry\nline two`);
    expect(bySeq.get('6')![column('note')]).toBe("'@admin +1");
    expect(bySeq.get('6')![column('adminUserId')]).toBe(org.admin.id);
    expect(text).toContain(`"'-5 for ""the"" bug, sorry\nline two"`);
    expect(bySeq.get('1')).toEqual([
      expect.any(String),
      org.company.id,
      '1',
      'trial_grant',
      '1000',
      '1000',
      '0',
      '1000',
      '0',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Trial credits (14 days)',
    ]);
    // The same rows as the ledger, field for field.
    const ledger = (await t.call('GET', '/subscriptions/credits/transactions', { token: org.adminToken })).body;
    expect(rows.map((row) => row[column('id')])).toEqual(ledger.map((row: { id: string }) => row.id));
    expect(rows.map((row) => row[column('createdAt')])).toEqual(
      ledger.map((row: { createdAt: string }) => row.createdAt),
    );
  });

  it('exports all pages, chunk after chunk, and the same filters as the ledger', async () => {
    const org = await t.createOrg();
    const agentId = randomUUID();
    const count = EXPORT_CHUNK * 2 + 345;
    await appendGrants(t, org.company.id, count);
    await move(t, org.company.id, { type: 'consumption', change: { cost: 2 }, agentId, operation: 'createCard' });
    const all = await t.call('GET', EXPORT, { token: org.adminToken });
    const [, ...rows] = parseCsv(all.body as string);
    expect(rows).toHaveLength(count + 2);
    expect(rows.map((row) => Number(row[2]))).toEqual(Array.from({ length: count + 2 }, (_, i) => count + 2 - i));

    const grants = parseCsv((await t.call('GET', `${EXPORT}?type=grant`, { token: org.adminToken })).body as string);
    expect(grants).toHaveLength(count + 1);
    expect(grants.slice(1).every((row) => row[3] === 'grant')).toBe(true);
    const byAgent = parseCsv(
      (await t.call('GET', `${EXPORT}?agentId=${agentId}&type=consumption`, { token: org.adminToken })).body as string,
    );
    expect(byAgent.slice(1).map((row) => [row[2], row[10]])).toEqual([[String(count + 2), agentId]]);
    const none = await t.call('GET', `${EXPORT}?type=subscription_grant`, { token: org.adminToken });
    expect(none.body).toBe(`${HEADER}\r\n`);
  });

  it('is for admins (403 FORBIDDEN for members, JSON before anything streams); an admin’s read key may export', async () => {
    const org = await t.createOrg();
    const member = await t.call('GET', EXPORT, { token: org.memberToken });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    const key = await t.createKey(org.adminToken, 'read');
    const byKey = await t.call('GET', EXPORT, { token: key.secret });
    expect(byKey.status).toBe(200);
    expect(parseCsv(byKey.body as string)).toHaveLength(2);
    const invalid = await t.call('GET', `${EXPORT}?type=refund`, { token: org.adminToken });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues).toContainEqual(expect.objectContaining({ path: 'type' }));
  });

  it('writes fields and file names safely', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(undefined)).toBe('');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('\r\nx')).toBe(`"'\r\nx"`);
    expect(exportFileName('Acme Société "Ltd"/x', new Date('2026-11-26T10:00:00Z'))).toBe(
      'credits-acme-societe-ltd-x-2026-11-26.csv',
    );
    expect(exportFileName('日本', new Date('2026-11-26T10:00:00Z'))).toBe('credits-company-2026-11-26.csv');
  });
});

describe('GET /subscriptions/credits/usage', () => {
  const DAY = 86_400_000;
  const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
  /** Noon (UTC) `k` days ago. */
  const daysAgo = (k: number) => new Date(today.getTime() - k * DAY + 12 * 3_600_000);
  const dateOf = (k: number) => new Date(today.getTime() - k * DAY).toISOString().slice(0, 10);

  async function companyWithHistory() {
    const company = await createCompanyOpenedAt(t, daysAgo(40)); // trial: 1000 included
    const people = await adminOf(company);
    const [shipwright] = await t.ctx.db
      .insert(agents)
      .values({ companyId: company.id, name: 'Shipwright', managerKind: 'human', managerId: people.admin.id })
      .returning();
    const a = shipwright!.id;
    const gone = randomUUID(); // an agent since deleted: the ledger keeps its id
    await move(
      t,
      company.id,
      { type: 'consumption', change: { cost: 100 }, agentId: a, operation: 'createCard', createdAt: daysAgo(35) }, // 900/0
      { type: 'purchase', change: { included: 0, purchased: 500 }, createdAt: daysAgo(10) }, // 900/500
      { type: 'consumption', change: { cost: 300 }, agentId: a, operation: 'postAgentMessage', createdAt: daysAgo(10) }, // 600/500
      { type: 'consumption', change: { cost: 800 }, agentId: gone, operation: 'createCard', createdAt: daysAgo(5) }, // 0/300
      {
        type: 'adjustment',
        change: { included: 0, purchased: -50 },
        adminUserId: people.admin.id,
        note: 'Correction',
        createdAt: daysAgo(5),
      }, // 0/250
      { type: 'grant', change: { included: 0, purchased: 200 }, note: 'Goodwill', createdAt: daysAgo(2) }, // 0/450
      { type: 'consumption', change: { cost: 10 }, agentId: a, operation: 'createCard', createdAt: daysAgo(2) }, // 0/440
    );
    return { company, ...people, a, gone };
  }

  it('sums each day and carries both balances over quiet days; breaks consumption down by agent, type and operation', async () => {
    const org = await companyWithHistory();
    const response = await t.call('GET', USAGE, { token: org.adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const usage = response.body;
    expect(usage.from).toBe(new Date(today.getTime() - 29 * DAY).toISOString());
    expect(usage.to).toBe(new Date(today.getTime() + DAY).toISOString());
    expect(usage.days).toHaveLength(30);
    expect(usage.days[0]).toEqual({ date: dateOf(29), consumed: 0, added: 0, removed: 0, included: 900, purchased: 0 });
    expect(usage.days.at(-1)).toEqual({
      date: dateOf(0),
      consumed: 0,
      added: 0,
      removed: 0,
      included: 0,
      purchased: 440,
    });
    const on = (k: number) => usage.days.find((day: { date: string }) => day.date === dateOf(k));
    expect(on(11)).toEqual({ date: dateOf(11), consumed: 0, added: 0, removed: 0, included: 900, purchased: 0 });
    expect(on(10)).toEqual({ date: dateOf(10), consumed: 300, added: 500, removed: 0, included: 600, purchased: 500 });
    expect(on(6)).toMatchObject({ consumed: 0, included: 600, purchased: 500 });
    expect(on(5)).toEqual({ date: dateOf(5), consumed: 800, added: 0, removed: 50, included: 0, purchased: 250 });
    expect(on(2)).toEqual({ date: dateOf(2), consumed: 10, added: 200, removed: 0, included: 0, purchased: 440 });
    expect(usage.days.map((day: { date: string }) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => dateOf(29 - i)),
    );
    // Each day's balance is the day before's plus what moved.
    for (let i = 1; i < usage.days.length; i++) {
      const [before, day] = [usage.days[i - 1], usage.days[i]];
      expect(day.included + day.purchased).toBe(
        before.included + before.purchased + day.added - day.consumed - day.removed,
      );
    }
    expect(usage.byAgent).toEqual([
      { agentId: org.gone, name: 'Deleted agent', credits: 800 },
      { agentId: org.a, name: 'Shipwright', credits: 310 },
    ]);
    expect(usage.byType).toEqual([
      { type: 'consumption', credits: 1110, net: -1110, count: 3 },
      { type: 'purchase', credits: 500, net: 500, count: 1 },
      { type: 'grant', credits: 200, net: 200, count: 1 },
      { type: 'adjustment', credits: 50, net: -50, count: 1 },
    ]);
    expect(usage.byOperation).toEqual([
      { operation: 'createCard', credits: 810 },
      { operation: 'postAgentMessage', credits: 300 },
    ]);

    const week = (await t.call('GET', `${USAGE}?days=7`, { token: org.adminToken })).body;
    expect(week.days).toHaveLength(7);
    expect(week.days[0]).toEqual({ date: dateOf(6), consumed: 0, added: 0, removed: 0, included: 600, purchased: 500 });
    expect(week.byAgent).toEqual([
      { agentId: org.gone, name: 'Deleted agent', credits: 800 },
      { agentId: org.a, name: 'Shipwright', credits: 10 },
    ]);
    const year = (await t.call('GET', `${USAGE}?days=365`, { token: org.adminToken })).body;
    expect(year.days).toHaveLength(365);
    expect(year.days[0]).toMatchObject({ included: 0, purchased: 0 });
    expect(year.byType.find((row: { type: string }) => row.type === 'trial_grant')).toEqual({
      type: 'trial_grant',
      credits: 1000,
      net: 1000,
      count: 1,
    });
  });

  it('answers 400 naming days out of range; 403 FORBIDDEN for members; an empty company has flat days', async () => {
    const org = await t.createOrg();
    for (const query of ['?days=6', '?days=366', '?days=x', '?days=7.5']) {
      const response = await t.call('GET', `${USAGE}${query}`, { token: org.adminToken });
      expect(response.status, query).toBe(400);
      expect(response.body.issues).toContainEqual(expect.objectContaining({ location: 'query', path: 'days' }));
    }
    const member = await t.call('GET', USAGE, { token: org.memberToken });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    const usage = (await t.call('GET', USAGE, { token: org.adminToken })).body;
    expect(usage.days.at(-1)).toEqual({
      date: dateOf(0),
      consumed: 0,
      added: 1000,
      removed: 0,
      included: 1000,
      purchased: 0,
    });
    expect(usage.days[0]).toMatchObject({ included: 0, purchased: 0 });
    expect(usage.byAgent).toEqual([]);
    expect(usage.byOperation).toEqual([]);
    expect(usage.byType).toEqual([{ type: 'trial_grant', credits: 1000, net: 1000, count: 1 }]);
  });
});
