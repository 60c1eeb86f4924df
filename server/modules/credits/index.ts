/**
 * What other modules may use of the credits module: the ledger's writer for agent work and new
 * companies, and the metering helpers. Only files that import no other module are re-exported
 * here, so a module that charges agent work (cards, comments, files, agents, automation) never
 * imports itself back through this one.
 */
export { chargeAgentWork, creditPrices, openCreditAccount } from './ledger.ts';
export {
  agentCostNote,
  chargeCardWork,
  creditsExhaustedResponse,
  creditsSpentBySession,
  withAgentCharge,
} from './metering.ts';
export { renewSubscriptions } from './renewal.ts';
export { requireFreeSeat } from './subscription-service.ts';
