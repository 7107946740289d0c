export { ItemTrackSlot } from './components/item-track';
