export { AddressEditorSlot } from './components/address-editor-slot';
