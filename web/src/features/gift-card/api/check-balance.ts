import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost } from '@/shared/api/client';

export interface BalanceRequest {
  accountNumber: string;
  pin: string;
  currency: string;
}

/** POST /payment/giftcard_balance/v1: anyone may ask, signed in or not. */
export const checkBalance = (request: BalanceRequest) =>
  apiPost('/payment/giftcard_balance/v1', { auth: 'none', body: request });

export const checkBalanceMutationOptions = () =>
  mutationOptions({ mutationKey: ['gift-card-balance'], mutationFn: checkBalance });

export const useCheckBalance = () => useMutation(checkBalanceMutationOptions());
