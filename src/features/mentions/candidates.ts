import type { Member } from '@/api';
import type { MentionKind } from './syntax';

/** Someone the picker offers: a person or an agent of the company. */
export type MentionCandidate = { kind: MentionKind; id: string; name: string; title: string };

/** At most this many suggestions at once: the list stays short enough to scan. */
export const SUGGESTIONS_MAX = 8;

/**
 * Who can be mentioned: every person and every agent that is not completed (a completed agent
 * takes no new work, and a mention hands an agent work). People first, then agents, each by name.
 */
export function mentionCandidates(members: readonly Member[]): MentionCandidate[] {
  const byName = (a: Member, b: Member) => a.name.localeCompare(b.name);
  const people = members.filter((member) => member.kind === 'human').sort(byName);
  const agents = members.filter((member) => member.kind === 'agent' && member.status !== 'completed').sort(byName);
  return [...people, ...agents].map((member) => ({
    kind: member.kind === 'human' ? 'person' : 'agent',
    id: member.id,
    name: member.name,
    title: member.title,
  }));
}

/** Lower case without accents, so "jose" finds "José". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The candidates whose name matches `query`: the name starting with it first, then a later word
 * starting with it, then the name containing it; the candidates' own order within each. An empty
 * query offers the first few.
 */
export function filterCandidates(
  candidates: readonly MentionCandidate[],
  query: string,
  limit = SUGGESTIONS_MAX,
): MentionCandidate[] {
  const wanted = fold(query.trim());
  if (!wanted) return candidates.slice(0, limit);
  const ranked: MentionCandidate[][] = [[], [], []];
  for (const candidate of candidates) {
    const name = fold(candidate.name);
    if (name.startsWith(wanted)) ranked[0]!.push(candidate);
    else if (name.split(/\s+/).some((word) => word.startsWith(wanted))) ranked[1]!.push(candidate);
    else if (name.includes(wanted)) ranked[2]!.push(candidate);
  }
  return ranked.flat().slice(0, limit);
}
