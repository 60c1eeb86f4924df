/** The company's balance: both buckets, `available`, whether it is low or exhausted, and the prices. */
export type { CreditBalance } from '@/api';
/** What every member's stream says of one movement (the full row is in the admins' ledger). */
export type { CreditChange } from '@/api';
