import { lazy } from 'react';

/** The onboarding forms, loaded when a person without a company opens a page (not with Home). */
export const OnboardingActionsLazy = lazy(() =>
  import('./onboarding-actions').then((module) => ({ default: module.OnboardingActions })),
);
