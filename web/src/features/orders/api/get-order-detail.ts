import { useQuery } from '@tanstack/react-query';
import { orderDetailQueryOptions } from '@/shared/api/order-detail';
import { identityKey, useSession } from '@/shared/auth/session';
import { useI18n } from '@/shared/i18n/i18n-context';

export function useOrderDetail(orderNumber: string) {
  const session = useSession();
  const { locale } = useI18n();
  const identity = identityKey(session);
  return useQuery({ ...orderDetailQueryOptions(orderNumber, identity, locale), enabled: identity !== 'anonymous' });
}
