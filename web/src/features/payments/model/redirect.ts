/*
 * Where the browser goes once the provider answered (spec 002 §4), the same rules as the server's
 * `domain::payments::redirect`: inside a chat app's in-app browser, that app's payment page; a GET form,
 * its action with the fields as a query string; anything else, no redirect (the hidden form is posted).
 */

/**
 * What the chat app's payment page is built from (002 §4: orderId, paymentId, visitId, visitorId). The
 * visit's ids are sent only when given: this app has no visit id and no visitor id it may send (the
 * session holds an e-mail or a phone; the experiment layer's random key never leaves the browser, ADR
 * 0017), so it leaves them out rather than make them up. (`domain::payments` still takes them.)
 */
export interface ChatAppVisit {
  orderId: string;
  paymentId: string;
  visitId?: string;
  visitorId?: string;
}

export type Redirect = { kind: 'chatApp'; url: string } | { kind: 'url'; url: string } | { kind: 'none' };

export const isChatAppBrowser = (userAgent: string) => /MicroMessenger/i.test(userAgent);

export function chatAppUrl(visit: ChatAppVisit): string {
  const given = Object.entries(visit).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return `weixin://dl/business/?${new URLSearchParams(given).toString().replace(/\+/g, '%20')}`;
}

export function redirectFor(
  form: { action: string; method: string; fields: { name: string; value: string }[] } | undefined,
  chatApp: ChatAppVisit | null,
): Redirect {
  if (chatApp) return { kind: 'chatApp', url: chatAppUrl(chatApp) };
  if (form && form.method.toUpperCase() === 'GET' && form.action) {
    const query = new URLSearchParams(form.fields.map((field) => [field.name, field.value])).toString();
    if (!query) return { kind: 'url', url: form.action };
    return { kind: 'url', url: `${form.action}${form.action.includes('?') ? '&' : '?'}${query}` };
  }
  return { kind: 'none' };
}

/** 002 §2: the confirmation address is the order with payment=success, pushed into history first. */
export const confirmationPath = (orderPath: string) => `${orderPath}?payment=success`;
