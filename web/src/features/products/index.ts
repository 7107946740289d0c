export { ShopSimilarSlot } from './components/shop-similar-slot';
