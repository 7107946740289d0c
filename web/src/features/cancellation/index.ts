export { CancelOrderSlot } from './components/cancel-slot';
