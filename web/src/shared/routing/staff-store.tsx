import { createContext, useContext, useEffect } from 'react';

/**
 * The store a staff page is signed in to, for the staff header (app/layout.tsx) to name: the page knows the
 * store, the header above it does not. The layout provides the setter; the staff page calls `useStaffStore`.
 */
const StaffStoreContext = createContext<(store: string | null) => void>(() => undefined);

export const StaffStoreProvider = StaffStoreContext.Provider;

/** Names `store` in the staff header while the calling page shows it (null: no store signed in). */
export function useStaffStore(store: string | null) {
  const setStore = useContext(StaffStoreContext);
  useEffect(() => {
    setStore(store);
    return () => {
      setStore(null);
    };
  }, [setStore, store]);
}
