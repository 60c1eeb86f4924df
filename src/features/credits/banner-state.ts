import { create } from 'zustand';
import type { CreditBalance } from './types';

/** How serious the company's balance is: fine, low, or too little for any agent work. */
export type CreditLevel = 'ok' | 'low' | 'exhausted';

const rank: Record<CreditLevel, number> = { ok: 0, low: 1, exhausted: 2 };

/** The balance's level (`exhausted` wins over `low`). */
export function creditLevel(balance: Pick<CreditBalance, 'low' | 'exhausted'>): CreditLevel {
  return balance.exhausted ? 'exhausted' : balance.low ? 'low' : 'ok';
}

/**
 * Which banner to show: the level, unless a banner of that level or a graver one was dismissed.
 * So a "low" banner dismissed stays away while the balance stays low, and an "exhausted" one
 * still appears when the balance then runs out.
 */
export function bannerLevel(level: CreditLevel, dismissed: CreditLevel | null): Exclude<CreditLevel, 'ok'> | null {
  if (level === 'ok') return null;
  if (dismissed && rank[dismissed] >= rank[level]) return null;
  return level;
}

const STORAGE_KEY = 'workspace.credits-banner-dismissed';

function readDismissed(): CreditLevel | null {
  try {
    const value = sessionStorage.getItem(STORAGE_KEY);
    return value === 'low' || value === 'exhausted' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The graver banner level dismissed in this tab's session (kept in `sessionStorage`, so a
 * reload does not bring back a banner someone closed, and a new tab or sign-in shows it again).
 */
export const useBannerDismissal = create<{ dismissed: CreditLevel | null }>(() => ({ dismissed: readDismissed() }));

export function dismissBanner(level: CreditLevel | null) {
  useBannerDismissal.setState({ dismissed: level });
  try {
    if (level) sessionStorage.setItem(STORAGE_KEY, level);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private modes): the dismissal then lasts until the page reloads.
  }
}
