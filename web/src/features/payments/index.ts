export { DeferredPaymentSlot } from './components/pay-slot';
