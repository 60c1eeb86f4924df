/**
 * The Stripe client, built from the server's payments configuration (`STRIPE_SECRET_KEY`, and
 * `STRIPE_API_URL` to talk to another address than api.stripe.com: a local stand-in in tests,
 * server/test/fake-stripe.ts). One client per configuration, made when first needed.
 */
import Stripe from 'stripe';
import type { AppContext, PaymentsConfig } from '../../types.ts';

export type { Stripe };

const clients = new WeakMap<PaymentsConfig, Stripe>();

/** What `new Stripe` needs to reach `apiUrl` instead of api.stripe.com. */
export function stripeAddress(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

export function createStripeClient(payments: PaymentsConfig): Stripe {
  return new Stripe(payments.stripeSecretKey, {
    // A checkout is created while the admin waits: fail in seconds rather than Stripe's 80 s default.
    timeout: 20_000,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(payments.stripeApiUrl ? stripeAddress(payments.stripeApiUrl) : {}),
  });
}

/** The company's Stripe client, or null when the server is not configured to take payments. */
export function stripeOf(ctx: Pick<AppContext, 'config'>): { stripe: Stripe; payments: PaymentsConfig } | null {
  const payments = ctx.config.payments;
  if (!payments) return null;
  let stripe = clients.get(payments);
  if (!stripe) {
    stripe = createStripeClient(payments);
    clients.set(payments, stripe);
  }
  return { stripe, payments };
}
