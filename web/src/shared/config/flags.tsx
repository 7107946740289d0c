import { createContext, useContext } from 'react';
import { defaultFlags, type Flags } from './flags-of';

// The flags without React (flags-of.ts): the first paint (boot/first-paint.ts) reads them too.
export { defaultFlags, flagsFrom, type Flags } from './flags-of';

export const FlagsContext = createContext<Flags>(defaultFlags);

export const useFlags = (): Flags => useContext(FlagsContext);
