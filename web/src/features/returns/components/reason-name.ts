import type { I18n } from '@/shared/i18n/i18n-context';
import type { ReturnReason } from '../model/return-options';

/**
 * The server's app reason codes (return options' reasons; crates/domain/src/returns/reasons.rs), each with a
 * translated text (spec 001 §9); any other shows the server's text. A test checks the two lists agree.
 */
const KNOWN = new Set([
  'tooBig',
  'tooSmall',
  'notAsExpected',
  'qualityUnsatisfactory',
  'colorNotAsExpected',
  'arrivedLate',
  'damagedInTransit',
  'wrongItem',
  'orderedMultiple',
  'changeOfMind',
  'qualityDefect',
]);

/** Australia's 501 is the app code wrongItem, named as spec 001 §9 names it: "wrong product delivered". */
const AUSTRALIA_WRONG_PRODUCT = '501';

/** A reason's shown text: ours for a known code, the server's otherwise, the code as the last resort. */
export function reasonName({ reason, t }: { reason: ReturnReason; t: I18n['t'] }): string {
  if (reason.code === 'wrongItem' && reason.serverCode === AUSTRALIA_WRONG_PRODUCT)
    return t('returns.reason.name', { reason: 'wrongProduct' });
  if (KNOWN.has(reason.code)) return t('returns.reason.name', { reason: reason.code });
  return reason.text ?? reason.code;
}
