/**
 * Spec 001 §4.2: on success the return order is stored locally, so the instructions page knows the
 * method, the parent order and the store without another call. Per tab (sessionStorage), per return.
 */
export interface LastReturn {
  returnOrderNumber: string;
  orderNumber: string;
  country: string;
  method: string;
  carrierName?: string | null;
  storeId?: string | null;
  paperless: boolean;
  /** The server's scannable-code wait for the order's country, when it sent one. */
  codeWaitMinutes?: number | null;
}

const key = (returnOrderNumber: string) => `orders.return.${returnOrderNumber}`;

export function rememberReturn(entry: LastReturn): void {
  try {
    sessionStorage.setItem(key(entry.returnOrderNumber), JSON.stringify(entry));
  } catch {
    // Not remembered: the instructions page then shows the general variant.
  }
}

export function recallReturn(returnOrderNumber: string): LastReturn | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(key(returnOrderNumber)) ?? 'null') as Partial<LastReturn> | null;
    if (
      parsed?.returnOrderNumber !== returnOrderNumber ||
      typeof parsed.method !== 'string' ||
      typeof parsed.orderNumber !== 'string'
    )
      return null;
    return { country: '', paperless: false, ...parsed } as LastReturn;
  } catch {
    return null;
  }
}
