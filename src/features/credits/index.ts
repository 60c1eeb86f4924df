export { CreditsBanner } from './components/credits-banner';
export {
  AgentCreditsBadge,
  AgentCreditsStatus,
  AgentsCreditsNotice,
  ChatCreditsNotice,
} from './components/agent-credits-status';
export { CardCredits } from './components/card-credits';
export { SessionCredits } from './components/session-credits';
export { useCreditsExhausted } from './hooks';
export { creditQueries } from './queries';
export { formatCount, formatCredits } from './format';
export type { CreditBalance, CreditChange } from './types';
