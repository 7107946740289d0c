/** The returns routes (spec 001 §2 route names), inside the country/locale prefix. */
const enc = encodeURIComponent;

export const returnPaths = {
  /** returnItems; `selected` pre-selects the item of that gtin. */
  items: (orderNumber: string, selectedGtin?: string) =>
    `/orders/return-items/${enc(orderNumber)}${selectedGtin ? `?selected=${enc(selectedGtin)}` : ''}`,
  instructions: (returnOrderNumber: string) => `/orders/return-instructions/${enc(returnOrderNumber)}`,
  instructionsEmea: (returnOrderNumber: string) => `/orders/return-instructions-emea/${enc(returnOrderNumber)}`,
  /** The EU right of withdrawal (apart from a commercial return). */
  withdrawal: (orderNumber: string) => `/orders/withdrawal/${enc(orderNumber)}`,
  /** The bank form; after a new return it carries pageView and the return number to lead back to. */
  refund: (orderNumber: string, returnOrderNumber?: string) =>
    `/orders/refund/${enc(orderNumber)}${returnOrderNumber ? `?${new URLSearchParams({ pageView: 'true', returnNumber: returnOrderNumber }).toString()}` : ''}`,
  refundConfirmation: (orderNumber: string, returnOrderNumber?: string) =>
    `/orders/refund-confirmation/${enc(orderNumber)}${returnOrderNumber ? `?${new URLSearchParams({ pageView: 'true', returnNumber: returnOrderNumber }).toString()}` : ''}`,
};
