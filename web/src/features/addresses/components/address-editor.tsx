import { useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '@/shared/api/api-error';
import { samePlace } from '@/shared/format/address';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Alert } from '@/shared/ui/alert';
import { FormField } from '@/shared/ui/form-field';
import { Spinner } from '@/shared/ui/spinner';
import {
  AddressWithoutIdError,
  useAddressLayout,
  useAddressMutations,
  validateAddress,
  type Address,
  type ValidationAnswer,
} from '../api/addresses';
import { fieldValue, type FieldName, type FormValues } from '../model/address-text';
import { countryChoices } from '../model/country-choices';
import { AddressForm, type FieldError } from './address-form';
import { ConfirmAddressDialog } from './confirm-address-dialog';

const FORM_FIELDS: FieldName[] = [
  'nameGiven',
  'nameFamily',
  'line1',
  'line2',
  'line3',
  'locality',
  'zone',
  'province',
  'code',
  'phone',
  'email',
];

interface AddressEditorProps {
  upmId: string;
  /** The stored address being edited; absent for a new one. */
  editing?: Address;
  /** A new address becomes the preferred one when the book is empty. */
  makePreferred: boolean;
  /** The address must be in this country: the country cannot be changed (the Korea courier pickup). */
  country?: string;
  /** The address as the server saved it, before `onDone`. */
  onSaved?: (address: Address) => void;
  onDone: () => void;
}

/** Add or edit: the country's form, then validation, then the confirm modal when there is anything to confirm. */
export function AddressEditor({
  upmId,
  editing,
  makePreferred,
  country: fixedCountry,
  onSaved,
  onDone,
}: AddressEditorProps) {
  const { t, locale } = useI18n();
  const headingId = useId();
  // The form opens in place of the button that asked for it: focus moves to its heading, so the next Tab
  // is its first field (not the top of the page).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const [country, setCountry] = useState((fixedCountry ?? editing?.country ?? locale.country).toUpperCase());
  const layout = useAddressLayout(country);
  const { save } = useAddressMutations(upmId);
  const [checking, setChecking] = useState(false);
  const [confirm, setConfirm] = useState<{ entered: Address; answer: ValidationAnswer } | null>(null);
  const [serverError, setServerError] = useState<FieldError | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const names = new Intl.DisplayNames([locale.intlLocale], { type: 'region' });
  const countries = countryChoices(country, locale.intlLocale, names);
  const initial: FormValues = Object.fromEntries(
    FORM_FIELDS.map((field) => [field, editing ? fieldValue(editing, field) : '']),
  );

  const store = (address: Address) => {
    setFailure(null);
    const body: Address = { ...address, id: editing?.id ?? null, name: null };
    if (!editing) body.preferred = makePreferred;
    else delete body.preferred;
    save.mutate(
      { upmId, address: body },
      {
        onSuccess: (saved) => {
          setConfirm(null);
          onSaved?.(saved);
          onDone();
        },
        onError: (error) => {
          setConfirm(null);
          if (isApiError(error) && error.field)
            setServerError({ field: error.field, message: error.message, seq: Date.now() });
          else if (isApiError(error) && error.code === 'address-limit-reached') setFailure(t('addresses.error.limit'));
          else if (error instanceof AddressWithoutIdError) setFailure(t('addresses.error.noId'));
          else setFailure(t('addresses.error.save'));
        },
      },
    );
  };

  const submit = async (values: FormValues) => {
    const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => Boolean(value.trim())));
    const entered: Address = { ...filled, country, ...(editing?.id ? { id: editing.id } : {}) };
    setChecking(true);
    try {
      const answer = await validateAddress(entered, locale.language);
      const suggested = answer.validatedAddress;
      // Walk minor 4: a "suggestion" naming the entered place again is nothing to choose between.
      if (suggested && suggested.id === 'suggested' && samePlace(suggested, entered)) store(entered);
      else if (answer.validated && suggested?.id !== 'suggested') store(suggested ?? entered);
      else setConfirm({ entered, answer });
    } catch (error) {
      // A bad field is the shopper's to fix; a validator that is down must not block saving.
      if (isApiError(error) && error.field)
        setServerError({ field: error.field.replace(/^address\./, ''), message: error.message, seq: Date.now() });
      else store(entered);
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="card address-editor" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {editing ? t('addresses.form.editTitle') : t('addresses.form.addTitle')}
      </h2>
      <FormField label={t('addresses.form.country')}>
        {(control) => (
          <select
            {...control}
            className="field__input"
            value={country}
            disabled={Boolean(editing) || Boolean(fixedCountry)}
            onChange={(event) => {
              setCountry(event.target.value);
              setServerError(null);
            }}
          >
            {countries.map((code) => (
              <option key={code} value={code}>
                {names.of(code) ?? code}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {failure && <Alert>{failure}</Alert>}
      {layout.data ? (
        <AddressForm
          key={country}
          layout={layout.data}
          initial={initial}
          serverError={serverError}
          submitting={checking || save.isPending}
          onSubmit={(values) => {
            void submit(values);
          }}
          onCancel={onDone}
        />
      ) : layout.isError ? (
        <Alert>
          {t('addresses.error.load')}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              void layout.refetch();
            }}
          >
            {t('common.retry')}
          </button>
        </Alert>
      ) : (
        <Spinner />
      )}
      {confirm && (
        <ConfirmAddressDialog
          entered={confirm.entered}
          suggested={confirm.answer.validatedAddress}
          layout={layout.data}
          saving={save.isPending}
          onUse={store}
          onEdit={() => {
            setConfirm(null);
          }}
        />
      )}
    </section>
  );
}
