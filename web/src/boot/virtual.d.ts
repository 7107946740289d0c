declare module 'virtual:first-paint-messages' {
  import type { CompiledMessage } from '@/shared/i18n/messages';
  import type { FirstPaintKey } from './first-paint-keys';

  /** Per catalogue language, the first paint's messages (scripts/compile-messages.mjs, `firstPaintMessages`). */
  export const messages: Record<string, Partial<Record<FirstPaintKey, CompiledMessage>>>;
}
