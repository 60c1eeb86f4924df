/**
 * The plans and credit packs live in server/lib/credit-plans.ts (the seeds, below the modules,
 * read them too); the module's files import them from here.
 */
export * from '../../lib/credit-plans.ts';
