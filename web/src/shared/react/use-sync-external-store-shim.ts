/**
 * Stands in for `use-sync-external-store/shim` (vite.config.ts), which wouter imports: the shim is for React
 * before 18 and, on a React that has the hook, hands out React's own. This hands it out without the shim's
 * fallback code in the bundle.
 */
export { useSyncExternalStore } from 'react';
