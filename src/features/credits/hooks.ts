import { useQuery } from '@tanstack/react-query';
import { creditQueries } from './queries';

/**
 * Whether the company is out of credits for agent work: agents take no new work until credits
 * arrive. False while the balance is unknown (loading, or not readable): say nothing rather than
 * something wrong.
 */
export function useCreditsExhausted(): boolean {
  const { data } = useQuery({ ...creditQueries.balance(), select: (balance) => balance.exhausted });
  return data ?? false;
}
