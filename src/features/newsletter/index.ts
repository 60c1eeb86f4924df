export { ConfirmSubscription, Unsubscribe } from './components/newsletter-link-action';
export { NewsletterSignup } from './components/newsletter-signup';
export { SubscribersPage } from './components/subscribers-page';
export { newsletterQueries, type NewsletterStatus, type SubscriberFilters } from './queries';
export { parseSubscriberSearch, parseTokenSearch } from './search';
