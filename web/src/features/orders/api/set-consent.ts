import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '@/shared/api/client';
import { consentsQueryOptions, type ConsentRecord } from './get-consents';

export interface ConsentChange {
  type: ConsentRecord['type'];
  granted: boolean;
}

/** PUT /consent/v1/{type}: the signed-in member gives or withdraws one consent (spec 002 §7). */
export const setConsent = ({ type, granted }: ConsentChange): Promise<ConsentRecord> =>
  apiPut('/consent/v1/{type}', { auth: 'member', params: { type }, body: { granted } });

/**
 * Changes one of the member's consents, then reloads their consent records, so whatever reads them (the
 * partner tab of the history) follows. The write counts as done once the records are fresh: a member who
 * goes back to their orders does not see the tab they have just turned off.
 */
export function useSetConsent(upmId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setConsent,
    onSuccess: () => client.invalidateQueries({ queryKey: consentsQueryOptions(upmId).queryKey }),
  });
}
