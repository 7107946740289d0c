export { ReturnHistorySlot, ReturnItemSlot, ReturnOrderSlot } from './components/return-slot';
export { NotReturnableSlot } from './components/not-returnable';
export { ReturnDetailsPanel } from './components/return-details-panel';
export { ReturnBarcodeSlot } from './components/return-barcode-slot';
