/** What the agents module's two route files share. */
import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { uuidParam } from '../../http/route.ts';

export const tags = ['Agents'];
export const agentParams = z.object({ agentId: uuidParam('agentId') });

export const errorContent = { 'application/json': { schema: ErrorEnvelope } };
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
export const conflictResponse = (description: string) => ({ 409: { description, content: errorContent } });
