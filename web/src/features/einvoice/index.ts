export { EinvoiceSlot } from './components/einvoice';
