export { DeleteAccount } from './components/delete-account';
export { ProfileForm } from './components/profile-form';
