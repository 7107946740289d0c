import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, apiPut } from '@/shared/api/client';
import type { NewPassword, PasswordResetRequest } from '@/shared/api/types';

/** POST /auth/v1/password_resets: 202 whatever the e-mail; a member gets a one-time link by e-mail. */
export const requestPasswordReset = (request: PasswordResetRequest) =>
  apiPost('/auth/v1/password_resets', { auth: 'none', body: request });

/** PUT /auth/v1/password_resets: the link's token and the new password; 204, and the link is used up. */
export const resetPassword = (request: NewPassword) =>
  apiPut('/auth/v1/password_resets', { auth: 'none', body: request });

export const requestPasswordResetMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'password-reset', 'request'], mutationFn: requestPasswordReset });

export const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'password-reset', 'set'], mutationFn: resetPassword });

export const useRequestPasswordReset = () => useMutation(requestPasswordResetMutationOptions());
export const useResetPassword = () => useMutation(resetPasswordMutationOptions());
