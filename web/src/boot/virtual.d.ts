declare module 'virtual:first-paint-messages' {
  import type { CompiledMessage } from '@/shared/i18n/messages';
  import type { FirstPaintKey } from './first-paint-keys';

  /** Per catalogue language, its first-paint messages' loader (scripts/compile-messages.mjs, `firstPaintMessages`). */
  export const loaders: Record<string, () => Promise<{ default: Partial<Record<FirstPaintKey, CompiledMessage>> }>>;
}
