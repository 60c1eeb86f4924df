import { describe, expect, it } from 'vitest';
import { parseBillingSearch } from './search';

const AGENT = '0b6f5c1e-2f4a-4d8e-9a57-3f1b2c4d5e6f';

describe('parseBillingSearch', () => {
  it('keeps valid filters, range and checkout', () => {
    expect(parseBillingSearch({ range: 90, type: 'consumption', agent: AGENT, checkout: 'cs_test_a1B2' })).toEqual({
      range: 90,
      type: 'consumption',
      agent: AGENT,
      checkout: 'cs_test_a1B2',
    });
    expect(parseBillingSearch({ range: '90', checkout: 'canceled' })).toMatchObject({
      range: 90,
      checkout: 'canceled',
    });
  });

  it('drops what is unknown or malformed, so an edited address still opens the page', () => {
    expect(
      parseBillingSearch({ range: 7, type: 'refund', agent: 'not-an-id', checkout: 'https://evil.example', x: 1 }),
    ).toEqual({ range: undefined, type: undefined, agent: undefined, checkout: undefined });
    expect(parseBillingSearch({ range: 30 }).range).toBeUndefined();
    expect(parseBillingSearch({ type: ['consumption'] }).type).toBeUndefined();
  });
});
