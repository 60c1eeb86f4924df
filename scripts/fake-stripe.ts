/**
 * A local stand-in for Stripe's API, for browser tests and trying purchases on one machine (never
 * for real payments): `tsx scripts/fake-stripe.ts --port 4399 [--webhook-url <server>/api/payments/stripe/webhook
 * --webhook-secret whsec_…]`. Start the server with `STRIPE_API_URL=http://127.0.0.1:4399`,
 * `STRIPE_SECRET_KEY=sk_test_…` and `STRIPE_WEBHOOK_SECRET=whsec_…`. See server/test/fake-stripe.ts.
 */
import { parseArgs } from 'node:util';
import { start } from '../server/test/fake-stripe.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4399' },
    host: { type: 'string', default: '127.0.0.1' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port: not a port: ${values.port}`);
const webhookUrl = values['webhook-url'];
const webhookSecret = values['webhook-secret'];
if (Boolean(webhookUrl) !== Boolean(webhookSecret)) throw new Error('--webhook-url and --webhook-secret go together');

const fake = await start({
  port,
  host: values.host,
  webhook: webhookUrl && webhookSecret ? { url: webhookUrl, secret: webhookSecret } : undefined,
});
console.log(`fake Stripe listening on ${fake.url}`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
