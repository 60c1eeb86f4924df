import { searchProviders as sessions } from '../agents/index.ts';
import { cronSearchProviders, webhookSearchProviders } from '../automation/index.ts';
import { searchProviders as cards } from '../cards/index.ts';
import { searchProviders as files } from '../files/index.ts';
import { searchProviders as integrations } from '../integrations/index.ts';
import { searchProviders as members } from '../members/index.ts';
import { searchProviders as projects } from '../projects/index.ts';
import { searchProviders as wiki } from '../wiki/index.ts';
import type { SearchProvider } from './provider.ts';

/**
 * Every kind the search covers: each module that owns searchable data exports its kinds as
 * `searchProviders` (each within what the caller can already list: spec, rule 3). Results of the
 * same match class are listed in this order. Later features (sessions, files, …) add
 * their list here.
 */
export const SEARCH_PROVIDERS: readonly SearchProvider[] = [
  ...members,
  ...projects,
  ...cards,
  ...wiki,
  ...sessions,
  ...cronSearchProviders,
  ...webhookSearchProviders,
  ...files,
  ...integrations,
];
