import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost } from '@/shared/api/client';
import type { TokenRequest } from '@/shared/api/types';
import { signIn } from '@/shared/auth/session';

/** POST /auth/v1/session: sign this browser in (an HttpOnly cookie every tab shares, and a CSRF value). */
export const createSession = (credentials: TokenRequest) =>
  apiPost('/auth/v1/session', { auth: 'none', body: credentials });

export const createSessionMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'session'],
    mutationFn: createSession,
    onSuccess: (session) => {
      signIn(session);
    },
  });

export const useCreateSession = () => useMutation(createSessionMutationOptions());
