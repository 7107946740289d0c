import { addresseeName, deliveryAddressForDisplay } from '@/shared/format/address';
import type { Address, AddressLayout } from '../api/addresses';

export type FieldName =
  | 'nameGiven'
  | 'nameFamily'
  | 'line1'
  | 'line2'
  | 'line3'
  | 'locality'
  | 'zone'
  | 'province'
  | 'code'
  | 'phone'
  | 'email';

export type FormValues = Partial<Record<FieldName, string>>;

export const fieldValue = (address: Address, field: string): string => {
  const value = (address as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : '';
};

/**
 * The lines an address is shown in: the name, then the place written as its country writes addresses
 * (the order pages' formatter, shared/format/address), the country last in the shopper's language.
 */
export function addressLines(address: Address, layout: AddressLayout | undefined, displayLocale: string): string[] {
  return [
    addresseeName(address, layout),
    ...deliveryAddressForDisplay(address, layout, displayLocale, { withCountry: true }),
  ].filter(Boolean);
}
