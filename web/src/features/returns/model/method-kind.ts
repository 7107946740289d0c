/** The method kinds the texts know (`returns.method.name`); anything else reads as a carrier drop-off. */
export function methodKind(method: string): string {
  switch (method) {
    case 'returnToStore':
    case 'STORE_DROP_OFF':
      return 'store';
    case 'courierPickup':
    case 'sagawaPickup':
    case 'upsPickup':
    case 'PICKUP_RETURN':
      return 'pickup';
    case 'PAPERLESS_RETURN':
      return 'paperless';
    default:
      return 'dropoff';
  }
}
