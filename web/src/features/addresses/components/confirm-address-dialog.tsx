import { useId, useState } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import type { Address, AddressLayout } from '../api/addresses';
import { addressLines } from '../model/address-text';

interface ConfirmAddressDialogProps {
  entered: Address;
  /** The validator's close match (id `suggested`); absent when it could not verify the address. */
  suggested?: Address | null;
  layout: AddressLayout | undefined;
  saving?: boolean;
  onUse: (address: Address) => void;
  onEdit: () => void;
}

/**
 * After validation (spec 001 §4.4): offers the entered and the suggested address to pick from, or,
 * with no suggestion, the entered one to review.
 */
export function ConfirmAddressDialog({
  entered,
  suggested,
  layout,
  saving = false,
  onUse,
  onEdit,
}: ConfirmAddressDialogProps) {
  const { t, locale } = useI18n();
  const name = useId();
  const [choice, setChoice] = useState<'suggested' | 'entered'>(suggested ? 'suggested' : 'entered');
  const options = [
    ...(suggested ? [{ key: 'suggested' as const, title: t('addresses.confirm.suggested'), address: suggested }] : []),
    { key: 'entered' as const, title: t('addresses.confirm.entered'), address: entered },
  ];
  const chosen = choice === 'suggested' && suggested ? suggested : entered;
  return (
    <Dialog
      title={t('addresses.confirm.title')}
      onDismiss={onEdit}
      actions={
        <>
          <Button
            onClick={() => {
              onUse(chosen);
            }}
            loading={saving}
          >
            {saving ? t('addresses.form.saving') : t('addresses.confirm.use')}
          </Button>
          <Button variant="secondary" onClick={onEdit}>
            {t('addresses.confirm.edit')}
          </Button>
        </>
      }
    >
      <p>{suggested ? t('addresses.confirm.closeMatch') : t('addresses.confirm.noMatch')}</p>
      <fieldset className="address-choices">
        <legend className="visually-hidden">{t('addresses.confirm.title')}</legend>
        {options.map((option) => (
          <label key={option.key} className="address-choice card">
            <input
              type="radio"
              name={name}
              value={option.key}
              checked={choice === option.key}
              onChange={() => {
                setChoice(option.key);
              }}
            />
            <span>
              <strong>{option.title}</strong>
              {addressLines(option.address, layout, locale.intlLocale).map((line, index) => (
                <span key={index} className="address-choice__line">
                  {line}
                </span>
              ))}
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
