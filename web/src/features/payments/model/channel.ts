import type { Channel } from '../api/deferred-payment';

/**
 * Which endpoint starts the payment (002 §7): WeChat Pay has its own; every other method uses the form
 * endpoint, v2 where the country's enableDeferredPaymentV2 flag is on, else v1.
 */
export function channelFor(paymentType: string, formV2: boolean): Channel {
  if (paymentType === 'wechat') return 'wechat';
  return formV2 ? 'form-v2' : 'form-v1';
}
