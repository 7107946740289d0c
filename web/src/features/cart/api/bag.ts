import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/shared/api/client';
import { currencyCode } from '@/shared/api/currency';

export const bagQueryKey = (currency: string) => ['cart', 'bag', currency] as const;

/** POST /cart/v1/items: one unit of the sku (buy again). Members by token, guests by the bag cookie. */
export const addToBag = (skuId: string, currency: string) =>
  apiPost('/cart/v1/items', {
    auth: 'member',
    query: { currency: currencyCode(currency) },
    body: { skuId, quantity: 1 },
  });

/** The item an add put in the bag, as the mini-cart shows it. */
export type AddedItem = NonNullable<Awaited<ReturnType<typeof addToBag>>['addedItem']>;

export const useAddToBag = (currency: string) =>
  useMutation({ mutationKey: ['cart', 'add-to-bag'], mutationFn: (skuId: string) => addToBag(skuId, currency) });

export const useBag = (currency: string) =>
  useQuery({
    queryKey: bagQueryKey(currency),
    queryFn: ({ signal }) =>
      apiGet('/cart/v1', { auth: 'member', query: { currency: currencyCode(currency) }, signal }),
  });
