import type { Ref } from 'react';
import { Link } from 'wouter';
import { useI18n } from '@/shared/i18n/i18n-context';
import { methodKind } from '../model/method-kind';
import type { ReturnMethodOption } from '../model/return-options';
import type { MethodBox as Box } from '../model/wizard';

interface MethodBoxProps {
  box: Box;
  chosen: ReturnMethodOption | null;
  /** The radio group's name, shared by every box of the step. */
  name: string;
  currency: string;
  isGuest: boolean;
  /** Null where sign-in is not offered (the standalone view without showSignin). */
  signInPath: string | null;
  proofOfPurchase: boolean;
  /** Set on the chosen box's radio, so the step can move focus to it. */
  radioRef?: Ref<HTMLInputElement>;
  onChoose: (method: ReturnMethodOption) => void;
}

/**
 * One method's expandable box (spec 001 §2.1), open when it holds the chosen method. A carrier's box holds
 * the paperless sub-choice (scannable code or printable label).
 */
export function MethodBox({
  box,
  chosen,
  name,
  currency,
  isGuest,
  signInPath,
  proofOfPurchase,
  radioRef,
  onChoose,
}: MethodBoxProps) {
  const { t } = useI18n();
  const first = box.options[0];
  if (!first) return null;
  const open = box.options.some((option) => option.id === chosen?.id);
  // In a carrier's box with the paperless sub-choice, each sub-choice says what it is once (its own title,
  // else its description) and the box names only the carrier (walk: "No printer needed" read twice).
  const mixed = box.options.length > 1;
  const subtitle = boxSubtitle(box);
  const deducted = (first.deduction ?? 0) > 0;
  // Audit L572 (spec 001 §6): a guest is offered sign-in on the carrier drop-off, and wherever a fee is
  // taken from the refund (Australia's drop-off fee): members return free.
  const offerSignIn = isGuest && (deducted || isCarrierDropOff(box));
  return (
    <div className={open ? 'return-method card return-method--open' : 'return-method card'}>
      <label className="return-method__head">
        <input
          ref={open ? radioRef : undefined}
          type="radio"
          name={name}
          checked={open}
          onChange={() => {
            onChoose(first);
          }}
        />
        <span className="return-method__title">
          <strong>{t('returns.method.name', { method: methodKind(first.method) })}</strong>
          {subtitle && <span className="muted">{subtitle}</span>}
        </span>
        <MethodPrice method={first} currency={currency} />
      </label>
      {/* Outside the label: the link is not part of the radio's name, and following it does not choose. */}
      {offerSignIn && (
        <p className="return-method__signin">
          {t('returns.method.membersFree', { deducted: deducted ? 'yes' : 'no' })}
          {signInPath && (
            <>
              {' '}
              <Link href={signInPath}>{t('returns.method.signIn')}</Link>
            </>
          )}
        </p>
      )}
      {open && (
        <div className="return-method__body">
          {!mixed && <p className="muted">{t('returns.method.description', { method: methodKind(first.method) })}</p>}
          {proofOfPurchase && first.method === 'returnToStore' && <p>{t('returns.method.proofOfPurchase')}</p>}
          {mixed && (
            <fieldset className="return-method__sub">
              <legend>{t('returns.method.paperlessChoice')}</legend>
              {box.options.map((option) => (
                <label key={option.id} className="return-method__subchoice">
                  <input
                    type="radio"
                    name={`${name}-sub`}
                    checked={chosen?.id === option.id}
                    onChange={() => {
                      onChoose(option);
                    }}
                  />
                  <span>
                    <strong>{t('returns.method.name', { method: methodKind(option.method) })}</strong>
                    <span className="muted">
                      {option.selectionTitle ?? t('returns.method.description', { method: methodKind(option.method) })}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * What names a box under its method: the carrier's own title for the method (001 §3
 * returnMethodSelection.title), else the carrier. A box with the paperless sub-choice names only the
 * carrier; its sub-choices carry the titles.
 */
export function boxSubtitle(box: Box): string | null {
  const first = box.options[0];
  if (!first) return null;
  return (box.options.length > 1 ? first.carrierName : (first.selectionTitle ?? first.carrierName)) ?? null;
}

/** A carrier's drop-off box: a printable label or the scannable code, posted at the carrier. */
const isCarrierDropOff = (box: Box) =>
  box.options.some((option) => ['dropoff', 'paperless'].includes(methodKind(option.method)));

/**
 * What the method costs this caller: Free, the price, or the part taken from the refund. `compact` (the
 * change-your-mind list) says the amount only; the box says how it is paid.
 */
export function MethodPrice({
  method,
  currency,
  compact = false,
}: {
  method: ReturnMethodOption;
  currency: string;
  compact?: boolean;
}) {
  const { t, money } = useI18n();
  if (method.price <= 0) return <span className="return-method__price">{t('returns.method.free')}</span>;
  const deduction = method.deduction ?? 0;
  return (
    <span className="return-method__price">
      {deduction > 0 && !compact
        ? t('returns.method.deducted', { amount: money(deduction, currency) })
        : money(method.price, currency)}
    </span>
  );
}
