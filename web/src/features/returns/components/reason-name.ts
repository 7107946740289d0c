import type { I18n } from '@/shared/i18n/i18n-context';
import type { ReturnReason } from '../model/return-options';

/** App reason codes with a translated text (spec 001 §9); any other shows the server's text. */
const KNOWN = new Set([
  'tooBig',
  'tooSmall',
  'notAsExpected',
  'quality',
  'color',
  'late',
  'damaged',
  'wrongItem',
  'orderedMultiple',
  'changeOfMind',
  'wrongProduct',
  'defect',
]);

/** A reason's shown text: ours for a known code, the server's otherwise, the code as the last resort. */
export function reasonName({ reason, t }: { reason: ReturnReason; t: I18n['t'] }): string {
  if (KNOWN.has(reason.code)) return t('returns.reason.name', { reason: reason.code });
  return reason.text ?? reason.code;
}
