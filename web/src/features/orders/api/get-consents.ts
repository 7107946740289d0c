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

/** Whether `records` grant `type`. */
export const grants = (records: readonly ConsentRecord[], type: ConsentRecord['type']): boolean =>
  records.some((record) => record.type === type && record.granted);

/**
 * Whether the member has granted `type`: null while it is being asked (a page that lays itself out by the
 * answer waits for it), false on failure, without a record, or when not asked (`enabled` false, no member).
 */
export function useConsentAnswer(
  upmId: string | undefined,
  type: ConsentRecord['type'],
  enabled: boolean,
): boolean | null {
  const asked = enabled && Boolean(upmId);
  const consents = useQuery({ ...consentsQueryOptions(upmId ?? ''), enabled: asked });
  if (asked && consents.isPending) return null;
  return consents.data ? grants(consents.data, type) : false;
}
