export { MoneyTimeline } from './components/money-timeline';
