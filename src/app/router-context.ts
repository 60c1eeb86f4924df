import type { QueryClient } from '@tanstack/react-query';

/**
 * What every route's loader receives. Its own module, below both the router and the routes: the
 * root route needs the type and the router imports the route tree, so neither may hold it.
 */
export type RouterContext = { queryClient: QueryClient };
