import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost } from '@/shared/api/client';
import type { NewAccount } from '@/shared/api/types';

/**
 * POST /auth/v1/members: 202 with no body, whether the e-mail was free or already had an account (the
 * server never tells them apart); the new account then signs in like any other.
 */
export const createAccount = (account: NewAccount) => apiPost('/auth/v1/members', { auth: 'none', body: account });

export const createAccountMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'members', 'create'], mutationFn: createAccount });

export const useCreateAccount = () => useMutation(createAccountMutationOptions());
