import { useMutation } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/shared/api/client';
import { getSession } from '@/shared/auth/session';

/**
 * Write a review (spec 000 §2, §7): register the member with the review provider (the registration POST),
 * then open the provider's page with the signed link it answers. Browsers signed in by the session cookie
 * have no readable token and send an empty one (the request itself is authenticated).
 */
export const useWriteReview = () =>
  useMutation({
    mutationKey: ['reviews', 'write-review'],
    mutationFn: async () => {
      const me = await apiGet('/auth/v1/me', { auth: 'member' });
      return apiPost('/reviews/v1/registrations', {
        auth: 'member',
        body: {
          user_auth_token: getSession().member?.accessToken ?? '',
          first_name: me.firstName,
          last_name: me.lastName,
          nick_name: me.firstName,
          email: me.email,
          email_confirmed: true,
          issued_at: Math.floor(Date.now() / 1000),
        },
      });
    },
  });
