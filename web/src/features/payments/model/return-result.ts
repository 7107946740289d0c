/** How the provider sent the shopper back (002 §2: the confirmation address carries payment=success). */
export type ReturnResult = 'success' | 'failure' | null;

/** The `payment` query parameter of the order page: `success`, `failure` (the provider declined), or none. */
export function returnResult(search: string): ReturnResult {
  const value = new URLSearchParams(search).get('payment');
  return value === 'success' || value === 'failure' ? value : null;
}
