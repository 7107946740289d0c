import { useId } from 'react';
import { Link } from 'wouter';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useHelpLinks } from '@/shared/config/help-links';
import type { ReturnMethodOption } from '../model/return-options';
import { methodBoxes } from '../model/wizard';

interface MethodStepProps {
  methods: ReturnMethodOption[];
  chosen: ReturnMethodOption | null;
  currency: string;
  isGuest: boolean;
  /** Null where sign-in is not offered (the standalone view without showSignin). */
  signInPath: string | null;
  proofOfPurchase: boolean;
  onChoose: (method: ReturnMethodOption) => void;
}

/**
 * Step 2 (spec 001 §2.1): one expandable box per method, only one open at a time (the chosen one);
 * a carrier's box holds the paperless sub-choice (scannable code or printable label). Guests see the
 * shipping price and a sign-in link for free returns.
 */
export function MethodStep({
  methods,
  chosen,
  currency,
  isGuest,
  signInPath,
  proofOfPurchase,
  onChoose,
}: MethodStepProps) {
  const { t } = useI18n();
  const help = useHelpLinks();
  const name = useId();
  const boxes = methodBoxes(methods);
  return (
    <fieldset className="return-step">
      <legend className="return-step__legend">{t('returns.method.heading')}</legend>
      {isGuest && (
        <p className="return-method__signin">
          {t('returns.method.guestPays')}
          {signInPath && (
            <>
              {' '}
              <Link href={signInPath}>{t('returns.method.signIn')}</Link>
            </>
          )}
        </p>
      )}
      <div className="return-methods">
        {boxes.map((box) => {
          const first = box.options[0];
          if (!first) return null;
          const open = box.options.some((option) => option.id === chosen?.id);
          // In a carrier's box with the paperless sub-choice, each sub-choice says what it is once (its own
          // title, else its description) and the box names only the carrier (walk: "No printer needed"
          // read twice).
          const mixed = box.options.length > 1;
          // The carrier's own title for the method (001 §3 returnMethodSelection.title), else its name.
          const subtitle = mixed ? first.carrierName : (first.selectionTitle ?? first.carrierName);
          return (
            <div key={box.key} className={open ? 'return-method card return-method--open' : 'return-method card'}>
              <label className="return-method__head">
                <input
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
                <Price method={first} currency={currency} />
              </label>
              {open && (
                <div className="return-method__body">
                  {!mixed && (
                    <p className="muted">{t('returns.method.description', { method: methodKind(first.method) })}</p>
                  )}
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
                              {option.selectionTitle ??
                                t('returns.method.description', { method: methodKind(option.method) })}
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
        })}
      </div>
      <p>
        {/* Spec 001 §2.1: the country's how-to-return article (the generic help page where none is set). */}
        <a href={help.howToReturn}>{t('returns.method.learnMore')}</a>
      </p>
    </fieldset>
  );
}

/** The method kinds the texts know; anything else reads as a carrier drop-off. */
export function methodKind(method: string): string {
  switch (method) {
    case 'returnToStore':
    case 'STORE_DROP_OFF':
      return 'store';
    case 'courierPickup':
    case 'sagawaPickup':
    case 'upsPickup':
    case 'PICKUP_RETURN':
      return 'pickup';
    case 'PAPERLESS_RETURN':
      return 'paperless';
    default:
      return 'dropoff';
  }
}

function Price({ method, currency }: { method: ReturnMethodOption; currency: string }) {
  const { t, money } = useI18n();
  if (method.price <= 0) return <span className="return-method__price">{t('returns.method.free')}</span>;
  const amount = money(method.price, currency);
  return (
    <span className="return-method__price">
      {method.deduction && method.deduction > 0
        ? t('returns.method.deducted', { amount: money(method.deduction, currency) })
        : amount}
    </span>
  );
}
