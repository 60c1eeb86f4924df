export { Overview } from './components/overview';
