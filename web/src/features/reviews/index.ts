export { WriteReviewSlot } from './components/write-review';
