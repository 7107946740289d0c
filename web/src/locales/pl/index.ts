import { mergeAreas } from '@/shared/i18n/merge-areas';
import type { Messages } from '@/shared/i18n/messages';

/** Every area file of this language (`./<area>.json`), bundled into one lazily loaded chunk. */
export const messages = mergeAreas(import.meta.glob<Messages>('./*.json', { eager: true, import: 'default' }));
