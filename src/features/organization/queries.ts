import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import type { OrgChart } from './types';

export const orgQueries = {
  /** Everything of the organization feature. */
  all: ['organization'] as const,
  /** The whole chart: tree, loose nodes, structure issues, teams, people and agents. */
  chart: () =>
    queryOptions({
      queryKey: [...orgQueries.all, 'chart'] as const,
      queryFn: async ({ signal }): Promise<OrgChart> => {
        const chart = await unwrap(api.GET('/organization/chart', { signal }));
        // For the benchmarks: the chart's first paint is measured from here.
        performance.mark('org-chart-data');
        return chart;
      },
      // Live events invalidate it while a chart is open.
      staleTime: 30_000,
    }),
};
