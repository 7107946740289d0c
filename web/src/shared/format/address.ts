/**
 * Postal addresses written the way each country writes them, with the country as a name in the page
 * language (never an ISO code).
 *
 * The order API sends an address as text lines (name, street lines, "postal code + city", country code),
 * as the retailer's order system stored them. `parseAddressLines` finds the postal code in those lines by
 * the country's postal-code pattern, and `formatAddress` writes the parts in the country's order:
 * - US, CA, AU: city, region and postal code on one line ("Portland, OR 97209", "Sydney NSW 2000");
 * - GB: the post town on its own line and the postcode on the line below (Royal Mail);
 * - FR, DE, NL and most of continental Europe: postal code before the city ("75004 Paris");
 * - JP: postal mark and code first (〒150-0001), then city and street, the name last (domestic order).
 * A country not in the table, or lines whose postal code cannot be found, are shown as sent.
 */

export interface PostalAddress {
  /** The addressee; absent for a store, whose name is shown on its own. */
  name?: string;
  street: readonly string[];
  /** City, with its region when the lines carry it there ("Portland, OR"). */
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case; empty when unknown. */
  country: string;
}

type Layout = 'cityRegionPostal' | 'cityThenPostalLine' | 'postalCity' | 'japan' | 'cityPostal';

/** Postal-code pattern and line layout per country; one place to add a country. */
const COUNTRIES: Readonly<Record<string, { postal: RegExp; layout: Layout }>> = {
  US: { postal: /\b\d{5}(?:-\d{4})?\b/, layout: 'cityRegionPostal' },
  CA: { postal: /\b[A-Z]\d[A-Z] ?\d[A-Z]\d\b/i, layout: 'cityRegionPostal' },
  AU: { postal: /\b\d{4}\b/, layout: 'cityRegionPostal' },
  GB: { postal: /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/i, layout: 'cityThenPostalLine' },
  FR: { postal: /\b\d{5}\b/, layout: 'postalCity' },
  DE: { postal: /\b\d{5}\b/, layout: 'postalCity' },
  NL: { postal: /\b\d{4} ?[A-Z]{2}\b/, layout: 'postalCity' },
  BE: { postal: /\b\d{4}\b/, layout: 'postalCity' },
  AT: { postal: /\b\d{4}\b/, layout: 'postalCity' },
  CH: { postal: /\b\d{4}\b/, layout: 'postalCity' },
  ES: { postal: /\b\d{5}\b/, layout: 'postalCity' },
  IT: { postal: /\b\d{5}\b/, layout: 'postalCity' },
  JP: { postal: /〒?\s?\b\d{3}-?\d{4}\b/, layout: 'japan' },
  KR: { postal: /\b\d{5}\b/, layout: 'cityPostal' },
  CN: { postal: /\b\d{6}\b/, layout: 'cityPostal' },
};

const displayNames = new Map<string, Intl.DisplayNames | null>();

/** The country's name in `displayLocale` ("DE" -> "Allemagne" in French); the code when Intl has no name. */
export function countryName(code: string, displayLocale: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return code.trim();
  let names = displayNames.get(displayLocale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([displayLocale], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    displayNames.set(displayLocale, names);
  }
  return names?.of(upper) ?? upper;
}

const tidy = (text: string) => text.replace(/\s+/g, ' ').replace(/^[\s,]+|[\s,]+$/g, '');

/**
 * Reads address lines as the API sends them. `country` is the order's (or store's) country, used when the
 * lines do not end with a country code. Returns null when no line holds a postal code of that country:
 * the caller then shows the lines as sent.
 */
export function parseAddressLines(
  lines: readonly string[],
  country: string,
  { withName }: { withName: boolean },
): PostalAddress | null {
  const shown = lines.map(tidy).filter((line) => line !== '');
  let code = country.trim().toUpperCase();
  const last = shown.at(-1);
  if (last !== undefined && /^[A-Za-z]{2}$/.test(last)) {
    code = last.toUpperCase();
    shown.pop();
  }
  const rule = COUNTRIES[code];
  if (!rule) return null;
  for (let index = shown.length - 1; index >= (withName ? 1 : 0); index -= 1) {
    const line = shown[index] ?? '';
    const match = rule.postal.exec(line);
    if (!match) continue;
    const postalCode = match[0].replace('〒', '').trim().toUpperCase();
    const city = tidy(line.slice(0, match.index) + ' ' + line.slice(match.index + match[0].length));
    const rest = shown.filter((_, at) => at !== index);
    const name = withName ? rest.shift() : undefined;
    return { ...(name === undefined ? {} : { name }), street: rest, city, postalCode, country: code };
  }
  return null;
}

/**
 * The address as lines to show, the country last as a name in `displayLocale` (left out with
 * `withCountry: false`, where every address shown is in the shopper's own country).
 */
export function formatAddress(
  address: PostalAddress,
  displayLocale: string,
  { withCountry = true }: { withCountry?: boolean } = {},
): string[] {
  const { name, street, city, postalCode } = address;
  const country = address.country && withCountry ? [countryName(address.country, displayLocale)] : [];
  const named = name ? [name] : [];
  const join = (...parts: string[]) => parts.filter((part) => part !== '').join(' ');
  switch (COUNTRIES[address.country]?.layout) {
    case 'cityRegionPostal':
      return [...named, ...street, join(city, postalCode), ...country];
    case 'cityThenPostalLine':
      return [...named, ...street, city, postalCode, ...country].filter((line) => line !== '');
    case 'japan':
      return [postalCode ? `〒${postalCode}` : '', city, ...street, ...named, ...country].filter((line) => line !== '');
    case 'cityPostal':
      return [...named, ...street, join(city, postalCode), ...country];
    default:
      return [...named, ...street, join(postalCode, city), ...country];
  }
}

/**
 * Address lines as the API sends them, written for the page: formatted per country when they can be read,
 * else as sent with a trailing country code replaced by the country's name.
 */
export function addressForDisplay(
  lines: readonly string[],
  country: string,
  displayLocale: string,
  { withName }: { withName: boolean },
): string[] {
  const parsed = parseAddressLines(lines, country, { withName });
  if (parsed) return formatAddress(parsed, displayLocale);
  const shown = lines.map(tidy).filter((line) => line !== '');
  const last = shown.at(-1);
  if (last !== undefined && /^[A-Za-z]{2}$/.test(last)) shown[shown.length - 1] = countryName(last, displayLocale);
  return shown;
}

/** An address the API sends as fields (a store's), not as lines. */
export interface AddressFields {
  street: readonly (string | null | undefined)[];
  city: string;
  /** State, province or prefecture; written only where the country's format has it. */
  region?: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** Korea and China write places from the largest down: "서울특별시 강남구", "上海市黄浦区" (no space in Chinese). */
const placeSeparator = (country: string) => (country === 'CN' ? '' : ' ');

/**
 * The city with its region where the country writes one: "Portland, OR" (US, CA), "Sydney NSW" (AU), the
 * prefecture before the city in Japan, the province before the city in Korea and China. A city that
 * already carries its region (the store feed sends "New York, NY") is kept as it is.
 */
function cityWithRegion(city: string, region: string, country: string): string {
  const carried =
    city.startsWith(region) || city.split(/[\s,]+/).some((word) => word.toLowerCase() === region.toLowerCase());
  if (!region || carried) return city;
  switch (COUNTRIES[country]?.layout) {
    case 'cityRegionPostal':
      return country === 'AU' ? `${city} ${region}` : `${city}, ${region}`;
    case 'japan':
      return `${region}${city}`;
    case 'cityPostal':
      return [region, city].join(placeSeparator(country));
    default:
      return city;
  }
}

/** Address fields written as the country writes an address (see `formatAddress`). */
export function fieldsForDisplay(
  fields: AddressFields,
  displayLocale: string,
  { withCountry }: { withCountry: boolean },
): string[] {
  const country = fields.country.trim().toUpperCase();
  const street = fields.street.map((line) => tidy(line ?? '')).filter((line) => line !== '');
  const city = cityWithRegion(tidy(fields.city), tidy(fields.region ?? ''), country);
  return formatAddress({ street, city, postalCode: tidy(fields.postalCode), country }, displayLocale, { withCountry });
}

/** A saved delivery address as the address book keeps it (spec 002 §3): fields, not lines. */
export interface DeliveryAddress {
  line1?: string | null;
  line2?: string | null;
  line3?: string | null;
  /** District, suburb or township, under the city. */
  zone?: string | null;
  locality?: string | null;
  /** A code of the country's province table when it has one, else free text. */
  province?: string | null;
  code?: string | null;
  country?: string | null;
  name?: string | null;
  nameGiven?: string | null;
  nameFamily?: string | null;
}

/** What of the country's address form the display needs: its field order, name order and province table. */
export interface DeliveryLayout {
  fields: readonly { field: string }[];
  nameOrder?: string;
  /** What joins the name's parts, as the server writes the full name ("" in CN, TW and KR). */
  nameSeparator?: string;
  provinces?: readonly { code: string; name: string; local?: string | null }[] | null;
}

/** The full name as the server writes it: the layout's name order and separator (a space without a layout). */
export function addresseeName(address: DeliveryAddress, layout: DeliveryLayout | undefined): string {
  if (address.name) return address.name;
  const parts =
    layout?.nameOrder === 'familyFirst'
      ? [address.nameFamily, address.nameGiven]
      : [address.nameGiven, address.nameFamily];
  return parts.filter(Boolean).join(layout?.nameSeparator ?? ' ');
}

/** The place fields, in the order the form asks them when the layout does not say. */
const PLACE_FIELDS = ['line1', 'line2', 'line3', 'zone', 'locality', 'province', 'code'] as const;
type PlaceField = (typeof PLACE_FIELDS)[number];
const isPlaceField = (field: string): field is PlaceField => (PLACE_FIELDS as readonly string[]).includes(field);

/**
 * A saved address's place (no name) written the way its country writes addresses, like the order pages
 * (walk M11: "San Francisco, CA 94105", not city, state and ZIP code on three lines). The province is its
 * code where the country writes the code (US, CA, AU: "CA", "NSW"), else its name from the layout's table
 * in the local script (東京都, 서울특별시). Where the country's format has no place for a region the
 * shopper gave anyway (a British county), it follows the city, so nothing entered is hidden. A country
 * without a postal format here keeps the form's field order, one field a line.
 */
export function deliveryAddressForDisplay(
  address: DeliveryAddress,
  layout: DeliveryLayout | undefined,
  displayLocale: string,
  { withCountry }: { withCountry: boolean },
): string[] {
  const country = (address.country ?? '').trim().toUpperCase();
  const text = (value: string | null | undefined) => tidy(value ?? '');
  const province = layout?.provinces?.find((entry) => entry.code === address.province);
  const format = COUNTRIES[country]?.layout;
  const countryLine = withCountry && country ? [countryName(country, displayLocale)] : [];
  if (!format) {
    const order = layout?.fields.map((entry) => entry.field).filter(isPlaceField) ?? PLACE_FIELDS;
    const value = (field: PlaceField) =>
      field === 'province' && province ? (province.local ?? province.name) : text(address[field]);
    return [...order.map(value).filter((line) => line !== ''), ...countryLine];
  }
  const region =
    format === 'cityRegionPostal'
      ? text(address.province)
      : text(province?.local ?? province?.name ?? address.province);
  // Big-to-small countries write the district with the city; elsewhere it is a line under the street.
  const bigToSmall = format === 'japan' || format === 'cityPostal';
  const street = [address.line1, address.line2, address.line3, ...(bigToSmall ? [] : [address.zone])];
  const city = bigToSmall
    ? [text(address.locality), text(address.zone)].filter(Boolean).join(placeSeparator(country))
    : text(address.locality);
  const writesRegion = format === 'cityRegionPostal' || bigToSmall;
  const carried = region !== '' && city.split(/[\s,]+/).some((word) => word.toLowerCase() === region.toLowerCase());
  const lines = fieldsForDisplay(
    {
      street,
      city: writesRegion || !region || carried ? city : [city, region].filter(Boolean).join(', '),
      region: writesRegion ? region : null,
      postalCode: text(address.code),
      country,
    },
    displayLocale,
    { withCountry: false },
  );
  return [...lines, ...countryLine];
}

/**
 * The two addresses name the same place (every place field equal, ignoring case and spacing): a
 * validator's "suggestion" that is the entered address again is no suggestion (walk minor 4).
 */
export function samePlace(one: DeliveryAddress, other: DeliveryAddress): boolean {
  const norm = (value: string | null | undefined) => tidy(value ?? '').toLowerCase();
  return [...PLACE_FIELDS, 'country' as const].every((field) => norm(one[field]) === norm(other[field]));
}
