import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import type { PaletteChoices } from './commands';

export const searchQueries = {
  /** Search results for a query; a newer query cancels the older request. */
  results: (q: string, searchable = true) =>
    queryOptions({
      queryKey: ['search', q] as const,
      queryFn: async ({ signal }) =>
        (await unwrap(api.GET('/search', { params: { query: { q, limit: 30 } }, signal }))).results,
      enabled: searchable && q.trim().length > 0,
      staleTime: 15_000,
      placeholderData: keepPreviousData,
    }),
};

export const choiceQueries = {
  /** What a command lists in the palette ("Ask an agent…": the active agents), read when the list opens. */
  list: (commandId: string, choices: PaletteChoices | undefined) =>
    queryOptions({
      queryKey: ['palette-choices', commandId] as const,
      queryFn: ({ signal }) => (choices ? choices.load(signal) : Promise.resolve([])),
      enabled: Boolean(choices),
      staleTime: 30_000,
    }),
};
