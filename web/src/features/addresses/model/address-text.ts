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

/** The full name as the server writes it, for an address the server has not seen yet. */
export function fullName(address: Address, layout: AddressLayout | undefined): string {
  if (address.name) return address.name;
  const parts =
    layout?.nameOrder === 'familyFirst'
      ? [address.nameFamily, address.nameGiven]
      : [address.nameGiven, address.nameFamily];
  const separator = ['CN', 'TW', 'KR'].includes((address.country ?? '').toUpperCase()) ? '' : ' ';
  return parts.filter(Boolean).join(separator);
}

/**
 * The lines an address is shown in, in its country's layout order: the name, the place, the country
 * (by `countryName`, the shopper's language).
 */
export function addressLines(
  address: Address,
  layout: AddressLayout | undefined,
  countryName: (code: string) => string = (code) => code,
): string[] {
  const order = layout?.fields.map((entry) => entry.field) ?? [
    'line1',
    'line2',
    'line3',
    'zone',
    'locality',
    'province',
    'code',
  ];
  const province = layout?.provinces?.find((entry) => entry.code === address.province);
  const text = (field: string) =>
    field === 'province' && province ? (province.local ?? province.name) : fieldValue(address, field);
  const place = order.filter((field) => !['nameGiven', 'nameFamily', 'phone', 'email'].includes(field));
  const lines = place.map(text).filter(Boolean);
  return [fullName(address, layout), ...lines, address.country ? countryName(address.country) : ''].filter(Boolean);
}
