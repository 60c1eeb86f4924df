import type { LivePayloads } from '@/api';

/** The company's balance: both buckets, `available`, whether it is low or exhausted, and the prices. */
export type CreditBalance = LivePayloads['credits.balance.changed']['balance'];
/** One ledger row, as a balance change's event carries it. */
export type CreditTransaction = LivePayloads['credits.balance.changed']['transaction'];
