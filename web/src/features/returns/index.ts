export { ReturnItemSlot } from './components/return-slot';
export { ReturnDetailsPanel } from './components/return-details-panel';
