import type { CreditTransaction, CreditTransactionType } from './types';

const numberFormat = new Intl.NumberFormat('en-US');

/** "1,234": the credits feature's number format. */
export { formatCount as formatCredits } from '@/features/credits';

/** "+1,000", "−5", "0": a change, with its sign (a true minus sign, read as "minus"). */
export function formatSigned(value: number): string {
  if (value > 0) return `+${numberFormat.format(value)}`;
  if (value < 0) return `−${numberFormat.format(-value)}`;
  return '0';
}

/** "$45.00" */
export function formatMoney(amountCents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountCents / 100,
  );
}

/** The ledger's types in words, in the order the filter lists them. */
export const TRANSACTION_TYPE_LABELS: Record<CreditTransactionType, string> = {
  consumption: 'Agent work',
  purchase: 'Purchase',
  grant: 'Grant',
  adjustment: 'Adjustment',
  subscription_grant: 'Plan credits',
  trial_grant: 'Trial credits',
};

export const TRANSACTION_TYPES = Object.keys(TRANSACTION_TYPE_LABELS) as CreditTransactionType[];

/** A transaction's type in words; the expiry of a period's included credits is an adjustment without an admin. */
export function transactionLabel(transaction: Pick<CreditTransaction, 'type' | 'adminUserId' | 'amount'>): string {
  if (transaction.type === 'adjustment' && !transaction.adminUserId && transaction.amount < 0) return 'Expired';
  return TRANSACTION_TYPE_LABELS[transaction.type];
}

/** An agent operation's id in words: `postAgentMessage` → "post agent message". */
export function operationLabel(operation: string): string {
  return operation.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}
