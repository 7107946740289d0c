export { BuyAgainHistorySlot, BuyAgainSlot } from './components/buy-again-slots';
