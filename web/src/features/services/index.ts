export { BuyAgainHistorySlot, BuyAgainSlot, ShopSimilarSlot } from './components/item-slots';
export { EinvoiceSlot } from './components/einvoice';
export { WriteReviewSlot } from './components/write-review';
