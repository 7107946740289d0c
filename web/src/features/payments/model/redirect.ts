/**
 * Where the browser goes once the provider answered (spec 002 §4), the same rules as the server's
 * `domain::payments::redirect`: inside a chat app's in-app browser, that app's payment page; a GET
 * form, its action with the fields as a query string; anything else, no redirect (the hidden form is posted).
 */
export interface ChatAppVisit {
  orderId: string;
  paymentId: string;
  visitId: string;
  visitorId: string;
}

export type Redirect = { kind: 'chatApp'; url: string } | { kind: 'url'; url: string } | { kind: 'none' };

export const isChatAppBrowser = (userAgent: string) => /MicroMessenger/i.test(userAgent);

export function chatAppUrl(visit: ChatAppVisit): string {
  return `weixin://dl/business/?${new URLSearchParams({ ...visit }).toString().replace(/\+/g, '%20')}`;
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
