/**
 * The search's providers, each from the module that owns the data (spec, rule 3: each within what
 * the caller can already list). Results of the same match class are listed in this order; a new
 * searchable kind adds its module's list here. Imported by server/app.ts.
 */
import { searchProviders as sessions } from './modules/agents/index.ts';
import { cronSearchProviders, webhookSearchProviders } from './modules/automation/index.ts';
import { searchProviders as cards } from './modules/cards/index.ts';
import { searchProviders as files } from './modules/files/index.ts';
import { searchProviders as integrations } from './modules/integrations/index.ts';
import { searchProviders as members } from './modules/members/index.ts';
import { searchProviders as projects } from './modules/projects/index.ts';
import { registerSearchProviders } from './modules/search/index.ts';
import { searchProviders as wiki } from './modules/wiki/index.ts';

registerSearchProviders([
  ...members,
  ...projects,
  ...cards,
  ...wiki,
  ...sessions,
  ...cronSearchProviders,
  ...webhookSearchProviders,
  ...files,
  ...integrations,
]);
