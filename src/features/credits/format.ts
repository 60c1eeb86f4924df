const numberFormat = new Intl.NumberFormat('en-US');

/** "1,250" */
export function formatCount(count: number): string {
  return numberFormat.format(count);
}

/** "1 credit", "1,250 credits" */
export function formatCredits(count: number): string {
  return `${numberFormat.format(count)} ${count === 1 ? 'credit' : 'credits'}`;
}
