import type { components } from '@/shared/api/schema';
import { DEFAULT_FLAGS } from '@/shared/validation/rules.generated';

/**
 * Every feature flag the spec names (000 §6, 001 §6, 002 §6), as `GET /config/v1/{country}` answers them:
 * the type is generated from the API document (`domain::schema::CountryFlags`, built from
 * `domain::country::Flag::ALL`), so a flag the server adds or drops is a type error here, never a copy.
 * Each flag's meaning is documented once, in crates/domain/src/country/flags.rs.
 */
export type Flags = components['schemas']['CountryConfig']['flags'];

/** The server's defaults (`Flag::default_value`, generated): only what the app uses when /config fails. */
export const defaultFlags: Flags = { ...DEFAULT_FLAGS };

/** The known flags of a configuration answer over the defaults; unknown names and non-booleans are ignored. */
export function flagsFrom(answered: Record<string, unknown> | undefined): Flags {
  const flags = { ...defaultFlags };
  for (const name of Object.keys(defaultFlags) as (keyof Flags)[]) {
    const value = answered?.[name];
    if (typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}
