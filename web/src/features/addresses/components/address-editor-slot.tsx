import type { AddressEditorSlotProps } from '@/shared/address-editor/address-editor-slot';
import { AddressEditor } from './address-editor';

/** The address form for other features (shared/address-editor): the country fixed, the saved address handed back. */
export function AddressEditorSlot({ onClose, ...props }: AddressEditorSlotProps) {
  return <AddressEditor {...props} makePreferred={false} onDone={onClose} />;
}
