export { ReturnItemSlot } from './components/return-slot';
