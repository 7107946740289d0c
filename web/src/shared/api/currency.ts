import type { paths } from './schema';

/**
 * The API's closed set of ISO 4217 codes: the server's `domain::money` list, stated in openapi.json where a
 * request takes a currency (`GET /cart/v1?currency=`, the gift card balance ...).
 */
export type CurrencyCode = NonNullable<NonNullable<paths['/cart/v1']['get']['parameters']['query']>['currency']>;

/**
 * Answers type their currency as text (`OrderDetail.currency`, the country's configuration), but the server
 * only ever sends codes of that same list; this names such a code as one for a request. An unknown code is
 * still refused by the server (400 `validation-failed`).
 */
export const currencyCode = (code: string): CurrencyCode => code as CurrencyCode;
