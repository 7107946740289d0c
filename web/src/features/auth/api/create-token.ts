import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost } from '@/shared/api/client';
import type { TokenRequest } from '@/shared/api/types';
import { signIn } from '@/shared/auth/session';

/** POST /auth/v1/token: trade an e-mail and password for a member access token. */
export const createToken = (credentials: TokenRequest) => apiPost('/auth/v1/token', { auth: 'none', body: credentials });

export const createTokenMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'token'],
    mutationFn: createToken,
    onSuccess: (token) => {
      signIn(token);
    },
  });

export const useCreateToken = () => useMutation(createTokenMutationOptions());
