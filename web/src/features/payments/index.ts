export { MoneyTimeline } from './components/money-timeline';
export { DeferredPaymentSlot } from './components/pay-slot';
