import type { OpenAPIHono } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../types.ts';
import {
  createCreditAdjustmentRoute,
  exportCreditTransactionsRoute,
  getCreditBalanceRoute,
  getCreditUsageRoute,
  listCreditTransactionsRoute,
} from './ledger-routes.ts';
import { createAdjustment, exportTransactions, getBalance, getUsage, listTransactions } from './ledger-service.ts';

export function registerLedgerRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getCreditBalanceRoute, async (c) => c.json(await getBalance(c.get('ctx'), c.get('principal')), 200));
  app.openapi(listCreditTransactionsRoute, async (c) =>
    c.json(await listTransactions(c.get('ctx'), c.get('principal'), c.req.valid('query')), 200),
  );
  app.openapi(exportCreditTransactionsRoute, async (c) => {
    const ctx = c.get('ctx');
    const { fileName, lines } = await exportTransactions(ctx, c.get('principal'), c.req.valid('query'));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${fileName}"`);
    c.header('Cache-Control', 'no-store');
    return stream(
      c,
      async (out) => {
        // Leaving the loop (the client went away) ends the generator: no more chunks are read.
        for await (const chunk of lines) {
          if (out.aborted) break;
          await out.write(chunk);
        }
      },
      // The status is sent already: log, and end the body short (the client sees a cut download).
      async (error) => {
        ctx.logger.error('credit ledger export failed', { error: error.stack ?? error.message });
        await lines.return(undefined);
      },
    );
  });
  app.openapi(getCreditUsageRoute, async (c) =>
    c.json(await getUsage(c.get('ctx'), c.get('principal'), c.req.valid('query').days), 200),
  );
  app.openapi(createCreditAdjustmentRoute, async (c) =>
    c.json(await createAdjustment(c.get('ctx'), actorOf(c), c.req.valid('json')), 201),
  );
}
