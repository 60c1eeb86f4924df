export { useContentCommands } from './commands';
export { ContentItemScreen } from './components/content-item-screen';
export { ContentIcon } from './components/item-bits';
export { ContentKeysPanel } from './components/content-keys-panel';
export { ContentPage } from './components/content-page';
export { ContentSection } from './components/content-section';
export { contentQueries, type ContentFilters } from './queries';
export { parseContentSearch, type ContentSearch } from './search';
