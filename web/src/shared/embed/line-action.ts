import { useCallback } from 'react';
import type { ActionView } from '@/shared/api/types';
import { useCountryConfig } from '@/shared/config/config-provider';
import { postLineAction } from './embed';

/**
 * What a line action's click calls with the server's action (`item.actions.<name>`): when the portal is framed
 * by the configured parent, the action's `appCallback` goes to it as an `orders:action` message (embed.ts).
 */
export function useLineActionMessage(): (action: ActionView | null | undefined) => void {
  const parentOrigin = useCountryConfig()?.embedParentOrigin ?? undefined;
  return useCallback(
    (action) => {
      postLineAction(action?.appCallback, parentOrigin);
    },
    [parentOrigin],
  );
}
