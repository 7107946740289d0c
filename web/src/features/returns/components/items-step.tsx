import { useId } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { FormField } from '@/shared/ui/form-field';
import type { ReturnReason } from '../model/return-options';
import {
  COMMENT_MAX,
  commentAllowed,
  isReturnable,
  returnableQuantity,
  type LineChoice,
  type ReturnableLine,
  type Selection,
} from '../model/selection';
import { track } from '@/shared/analytics/analytics';
import { NotReturnableReason } from './not-returnable';
import { reasonName } from './reason-name';

interface ItemsStepProps {
  lines: ReturnableLine[];
  selection: Selection;
  reasons: ReturnReason[];
  country: string;
  currency: string;
  /** The server's commentAllowed (spec 001 §5: not in Japan). */
  commentsOn: boolean;
  /** The shopper tried to go on: say which checked lines still miss a reason. */
  showErrors: boolean;
  onChange: (lineNumber: number, choice: LineChoice) => void;
}

/** Step 1 (spec 001 §2.1, §5): check items, then quantity, reason and the optional comment per item. */
export function ItemsStep({
  lines,
  selection,
  reasons,
  country,
  currency,
  commentsOn,
  showErrors,
  onChange,
}: ItemsStepProps) {
  const { t } = useI18n();
  return (
    <fieldset className="return-step">
      <legend className="return-step__legend">{t('returns.items.heading')}</legend>
      <ul className="return-lines">
        {lines.map((line) => {
          const choice = selection[line.item.lineNumber];
          return choice ? (
            <ReturnLine
              key={line.item.lineNumber}
              line={line}
              choice={choice}
              reasons={reasons}
              country={country}
              currency={currency}
              commentsOn={commentsOn}
              showErrors={showErrors}
              onChange={onChange}
            />
          ) : null;
        })}
      </ul>
    </fieldset>
  );
}

interface ReturnLineProps {
  commentsOn: boolean;
  showErrors: boolean;
  line: ReturnableLine;
  choice: LineChoice;
  reasons: ReturnReason[];
  country: string;
  currency: string;
  onChange: (lineNumber: number, choice: LineChoice) => void;
}

function ReturnLine({ line, choice, reasons, country, currency, commentsOn, showErrors, onChange }: ReturnLineProps) {
  const { t, money } = useI18n();
  const id = useId();
  const { item } = line;
  const returnable = isReturnable(line);
  const maxQuantity = returnableQuantity(line);
  const disable = line.option?.returnDisableReason;
  const set = (patch: Partial<LineChoice>) => {
    onChange(item.lineNumber, { ...choice, ...patch });
  };
  const missingReason = showErrors && choice.checked && choice.reason === '';
  return (
    <li className={returnable ? 'return-line card' : 'return-line return-line--disabled card'}>
      <div className="return-line__head">
        <input
          id={`${id}-check`}
          type="checkbox"
          checked={choice.checked}
          disabled={!returnable}
          aria-describedby={disable ? `${id}-disabled` : undefined}
          onChange={(event) => {
            set({ checked: event.target.checked });
          }}
        />
        {item.product.productImage && (
          <img src={item.product.productImage} alt="" width={72} height={72} className="return-line__image" />
        )}
        <label htmlFor={`${id}-check`} className="return-line__label">
          <span className="return-line__title">{item.product.title}</span>
          <span className="muted">
            {t('returns.items.sizeColor', { size: item.product.size, color: item.product.color })}
          </span>
          <span>{money(item.lineItemTransaction.lineItemChargedPrice, currency)}</span>
        </label>
      </div>
      {disable && <NotReturnableReason reason={disable} id={`${id}-disabled`} />}
      {choice.checked && (
        <div className="return-line__fields">
          {/* Spec 001 §5: quantity only when more than one may be returned. */}
          {maxQuantity > 1 && (
            <FormField id={`${id}-quantity`} label={t('returns.items.quantity')}>
              {(control) => (
                <select
                  {...control}
                  className="field__input"
                  value={choice.quantity}
                  onChange={(event) => {
                    set({ quantity: Number(event.target.value) });
                  }}
                >
                  {Array.from({ length: maxQuantity }, (_, index) => index + 1).map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          <FormField
            id={`${id}-reason`}
            label={t('returns.items.reason')}
            error={missingReason ? t('returns.items.reasonRequired') : null}
          >
            {(control) => (
              <select
                {...control}
                className="field__input"
                value={choice.reason}
                required
                onChange={(event) => {
                  set({ reason: event.target.value });
                  if (event.target.value) {
                    track({ name: 'return_reason_chosen', reasonCode: event.target.value, country });
                  }
                }}
              >
                <option value="">{t('returns.items.chooseReason')}</option>
                {reasons.map((reason) => (
                  <option key={reason.code} value={reason.code}>
                    {reasonName({ reason, t })}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {commentAllowed(commentsOn, choice) && (
            <FormField
              id={`${id}-comment`}
              label={t('returns.items.comment')}
              hint={t('returns.items.commentCount', { count: choice.comment.length, max: COMMENT_MAX })}
            >
              {(control) => (
                <textarea
                  {...control}
                  className="field__input return-line__comment"
                  maxLength={COMMENT_MAX}
                  rows={3}
                  value={choice.comment}
                  onChange={(event) => {
                    set({ comment: event.target.value.slice(0, COMMENT_MAX) });
                  }}
                />
              )}
            </FormField>
          )}
        </div>
      )}
    </li>
  );
}
