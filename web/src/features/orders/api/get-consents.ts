import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type ConsentRecord = components['schemas']['ConsentRecord'];

/** GET /consent/v1: the member's consent records; a failure is an empty list (spec 002 §7, §8). */
export const fetchConsents = async (signal?: AbortSignal): Promise<ConsentRecord[]> => {
  try {
    return await apiGet('/consent/v1', { auth: 'member', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return [];
  }
};

export const consentsQueryOptions = (upmId: string) =>
  queryOptions({ queryKey: ['consent', upmId] as const, queryFn: ({ signal }) => fetchConsents(signal) });

/** True when the member has granted `type`; false while loading, on failure, or without a record. */
export function useConsent(upmId: string | undefined, type: ConsentRecord['type'], enabled: boolean): boolean {
  const consents = useQuery({ ...consentsQueryOptions(upmId ?? ''), enabled: enabled && Boolean(upmId) });
  return consents.data?.some((record) => record.type === type && record.granted) ?? false;
}
