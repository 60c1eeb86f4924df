import { z } from '@hono/zod-openapi';
import { jsonResponse, protectedRoute, uuidParam } from '../../http/route.ts';

export const CardCreditsSchema = z
  .object({
    cardId: z.uuid(),
    total: z.int().min(0).openapi({ description: 'Credits agents’ work on the card has cost, all agents together.' }),
    byAgent: z
      .array(
        z
          .object({
            agentId: z.uuid(),
            name: z.string().openapi({ description: 'The agent’s name now (“Former agent” if it is gone).' }),
            credits: z.int().min(0),
          })
          .openapi('CardCreditsByAgent'),
      )
      .openapi({ description: 'Per agent, most credits first (then by name).' }),
  })
  .openapi('CardCredits');
export type CardCredits = z.infer<typeof CardCreditsSchema>;

export const getCardCreditsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/projects/{projectId}/cards/{cardId}/credits',
    operationId: 'getCardCredits',
    tags: ['Credits'],
    summary: 'What agents’ work on a card has cost, in credits',
    description:
      'From the ledger: the `consumption` transactions linked to the card (an agent’s edits, moves and comments on it). For whoever can see the card (an agent token too); 404 otherwise, as for the card.',
    request: { params: z.object({ projectId: uuidParam('projectId'), cardId: uuidParam('cardId') }) },
    responses: { 200: jsonResponse(CardCreditsSchema, 'The card’s credits spent') },
  },
  { agents: true },
);
