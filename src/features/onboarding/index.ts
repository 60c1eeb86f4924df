export { InvitationPage } from './components/invitation-page';
export { OnboardingActionsLazy } from './components/onboarding-actions-lazy';
export { SignUpForm } from './components/sign-up-form';
export { invitationTokenFrom } from './invitation-token';
