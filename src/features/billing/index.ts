export { BillingPage } from './components/billing-page';
export { billingQueries } from './queries';
export { parseBillingSearch, type BillingSearch } from './search';
