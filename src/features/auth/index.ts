export { SignInForm } from './components/sign-in-form';
export { useSignOut } from './mutations';
export { sessionQueries, useMe } from './queries';
