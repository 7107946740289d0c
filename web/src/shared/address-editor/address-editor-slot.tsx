import { createContext, createElement, useContext, type ComponentType, type ReactNode } from 'react';
import type { components } from '@/shared/api/schema';

type Address = components['schemas']['Address'];

/**
 * The address form as other features use it (the Korea courier pickup adds and edits its address in
 * the return wizard). A feature never imports another: the addresses feature provides the editor and
 * `app/` puts it here; without a provider there is no editor and the caller links to the address book.
 */
export interface AddressEditorSlotProps {
  upmId: string;
  /** The address must be in this country (the form's country is fixed to it). */
  country: string;
  /** The stored address being edited; absent for a new one. */
  editing?: Address;
  /** The address as the server saved it (with its id). */
  onSaved: (address: Address) => void;
  /** The form is done: saved or cancelled. */
  onClose: () => void;
}

const AddressEditorContext = createContext<ComponentType<AddressEditorSlotProps> | null>(null);

export function AddressEditorProvider({
  editor,
  children,
}: {
  editor: ComponentType<AddressEditorSlotProps>;
  children: ReactNode;
}) {
  return <AddressEditorContext.Provider value={editor}>{children}</AddressEditorContext.Provider>;
}

/** Renders the provided editor with the given props, or null when the app provides none. */
export function useAddressEditor(): ((props: AddressEditorSlotProps) => ReactNode) | null {
  const editor = useContext(AddressEditorContext);
  return editor ? (props) => createElement(editor, props) : null;
}
