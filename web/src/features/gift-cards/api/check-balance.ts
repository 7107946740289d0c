import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost } from '@/shared/api/client';
import { currencyCode } from '@/shared/api/currency';

export interface BalanceRequest {
  accountNumber: string;
  pin: string;
  currency: string;
  /** The shopper's country: where its gift card lookup is off the server refuses the call. */
  country?: string;
}

/** POST /payment/giftcard_balance/v1: anyone may ask, signed in or not. */
export const checkBalance = ({ country, currency, ...rest }: BalanceRequest) =>
  apiPost('/payment/giftcard_balance/v1', {
    auth: 'none',
    body: { ...rest, currency: currencyCode(currency) },
    query: country ? { country } : undefined,
  });

export const checkBalanceMutationOptions = () =>
  mutationOptions({ mutationKey: ['gift-card-balance'], mutationFn: checkBalance });

export const useCheckBalance = () => useMutation(checkBalanceMutationOptions());
