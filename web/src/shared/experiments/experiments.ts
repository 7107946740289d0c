import { useEffect } from 'react';
import { track } from '@/shared/analytics/analytics';
import { useFlags } from '@/shared/config/flags';

/**
 * The experiment layer (spec 000 §2 "identity and experiment layers", §6 and 002 §6 "A/B testing"; ADR
 * 0017). Off unless the country's enableAbTesting flag is on; then every visitor is assigned, for good, one
 * variant of each experiment below.
 *
 * Deterministic per visitor and without personal data: the assignment hashes the experiment's name with a
 * random key made in this browser (never an e-mail, a member id or an order number), kept in localStorage
 * and never sent anywhere. The same browser sees the same variant on every visit; analytics hear only the
 * experiment's name and the variant. The layer is synchronous (nothing to load), so it is ready as soon as
 * the configuration is, and the configuration's spinner covers both.
 */
export const EXPERIMENTS = {
  /**
   * The two return confirmation variants of a paperless return (001 §2.2, §4.3): `treatment` shows the
   * scannable code on the confirmation page (the paperless return confirmation), `control` keeps it in the
   * carrier return-code modal that opens by itself. Runs only where the server offers the paperless
   * confirmation (enablePaperlessReturnConfirmation).
   */
  paperlessConfirmation: ['control', 'treatment'],
} as const;

export type Experiment = keyof typeof EXPERIMENTS;
export type Variant<E extends Experiment> = (typeof EXPERIMENTS)[E][number];

const VISITOR_KEY = 'orders.experimentKey';

/** FNV-1a, 32 bits: small, stable across browsers, evenly spread for short keys. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The variant of `experiment` for the visitor key `key` (pure: the same key always gets the same one). */
export function assign<E extends Experiment>(experiment: E, key: string): Variant<E> {
  const variants = EXPERIMENTS[experiment] as readonly Variant<E>[];
  return variants[hash(`${experiment}:${key}`) % variants.length] as Variant<E>;
}

const randomKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${String(Date.now())}${String(Math.random())}`;

/** This browser's random experiment key (made once; without storage, one for the page's life). */
let fallbackKey: string | null = null;
export function visitorKey(): string {
  try {
    const kept = localStorage.getItem(VISITOR_KEY);
    if (kept) return kept;
    const made = randomKey();
    localStorage.setItem(VISITOR_KEY, made);
    return made;
  } catch {
    fallbackKey ??= randomKey();
    return fallbackKey;
  }
}

/** The visitor's variant of `experiment`, or null while A/B testing is off in this country. */
export function useVariant<E extends Experiment>(experiment: E): Variant<E> | null {
  const { enableAbTesting } = useFlags();
  return enableAbTesting ? assign(experiment, visitorKey()) : null;
}

/** Records that the visitor saw `variant` of `experiment` (once per page that shows it). */
export function useExposure<E extends Experiment>(experiment: E, variant: Variant<E> | null, shown: boolean) {
  useEffect(() => {
    if (shown && variant !== null) track({ name: 'experiment_exposure', experiment, variant });
  }, [experiment, variant, shown]);
}
