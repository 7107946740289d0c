export { ItemTrackSlot } from './components/item-track';
export { prefetchOrderHistory } from './api/get-order-history';
