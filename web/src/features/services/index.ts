export { BuyAgainSlot, ShopSimilarSlot } from './components/item-slots';
