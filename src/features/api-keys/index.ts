export { ApiKeysPanel } from './components/api-keys-panel';
export { apiKeyQueries } from './queries';
