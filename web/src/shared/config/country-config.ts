import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import { inlinedConfig } from './inlined-config';

/** `GET /config/v1/{country}`: the country's flags, locale data and help links. */
export type CountryConfig = components['schemas']['CountryConfig'];

/** The server answers with a 5-minute HTTP cache; the app keeps one answer per country for the visit. */
export const countryConfigQuery = (country: string) =>
  queryOptions({
    queryKey: ['config', country.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      apiGet('/config/v1/{country}', { auth: 'none', params: { country: country.toLowerCase() }, signal }),
    initialData: () => inlinedConfig(country),
    staleTime: Infinity,
    gcTime: Infinity,
  });
