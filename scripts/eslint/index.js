// @ts-check
/** The project's own lint rules, as an ESLint plugin (`workspace/…` in eslint.config.js). */
import { moduleLayers } from './module-layers-rule.js';
import { noCycle } from './no-cycle.js';

export const workspacePlugin = { rules: { 'module-layers': moduleLayers, 'no-cycle': noCycle } };
