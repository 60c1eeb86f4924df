import { isApiError } from '@/api';

/**
 * The server's word when a link cannot be used: its token refused (400 on `token`: unknown,
 * expired or replaced) or its subscriber gone (404, removed by an admin). Undefined otherwise.
 */
export function tokenProblem(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 400) return error.fieldError('token');
  return error.status === 404 ? error.message : undefined;
}
