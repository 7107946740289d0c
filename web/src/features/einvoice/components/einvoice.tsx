import { useState, type SyntheticEvent } from 'react';
import { isApiError } from '@/shared/api/api-error';
import { useI18n } from '@/shared/i18n/i18n-context';
import type { OrderSlotProps } from '@/shared/order-slots/order-slots';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { TextField } from '@/shared/ui/text-field';
import { einvoicePdfUrl, useEinvoice, useRequestEinvoice } from '../api/einvoice';
import './einvoice.css';
import { checkTaxpayerId, checkTitle, normalizeTaxpayerId, type TitleType } from '../model/einvoice';

/**
 * China e-invoice (spec 000 §1, §5): offered by the server's `requestEinvoice` action (China, an item shipped
 * or delivered). Request it once with a personal or company title; then it is issued in the background and
 * the button becomes a download link.
 */
export function EinvoiceSlot({ order }: OrderSlotProps) {
  const offered = Boolean(order.actions.requestEinvoice?.enabled);
  const state = useEinvoice(order.orderNumber, offered);
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  if (!offered) return null;

  const current = state.data;
  if (current?.status === 'ISSUED') {
    return (
      <a className="button button--secondary" href={einvoicePdfUrl(order.orderNumber)} download>
        {t('einvoice.download')}
      </a>
    );
  }
  if (current?.status === 'REQUESTED') {
    return (
      <p className="muted" role="status">
        {t('einvoice.issuing')}
      </p>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setOpen(true);
        }}
        disabled={state.isPending}
      >
        {t('einvoice.request')}
      </Button>
      {open && (
        <EinvoiceDialog
          orderNumber={order.orderNumber}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function EinvoiceDialog({ orderNumber, onClose }: { orderNumber: string; onClose: () => void }) {
  const { t } = useI18n();
  const request = useRequestEinvoice(orderNumber);
  const [titleType, setTitleType] = useState<TitleType>('PERSONAL');
  const [title, setTitle] = useState('');
  const [taxpayerId, setTaxpayerId] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const titleError = checkTitle(title);
  const taxpayerError = checkTaxpayerId(titleType, taxpayerId);
  const serverError = isApiError(request.error) ? request.error : null;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (titleError || taxpayerError) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    request.mutate(
      { titleType, title: title.trim(), taxpayerId: titleType === 'COMPANY' ? normalizeTaxpayerId(taxpayerId) : null },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog
      title={t('einvoice.title')}
      onDismiss={onClose}
      actions={
        <>
          <Button type="submit" form="einvoice-form" loading={request.isPending}>
            {request.isPending ? t('einvoice.submitting') : t('einvoice.submit')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('einvoice.cancel')}
          </Button>
        </>
      }
    >
      <form id="einvoice-form" className="stack" onSubmit={submit} noValidate>
        {serverError && (
          <Alert>
            {serverError.code === 'einvoice-already-requested'
              ? t('einvoice.error.already')
              : serverError.code === 'einvoice-not-available'
                ? t('einvoice.error.notAvailable')
                : t('einvoice.error.generic')}
          </Alert>
        )}
        <fieldset className="einvoice__types">
          <legend>{t('einvoice.titleType')}</legend>
          {(['PERSONAL', 'COMPANY'] as const).map((type) => (
            <label key={type} className="einvoice__type">
              <input
                type="radio"
                name="titleType"
                value={type}
                checked={titleType === type}
                onChange={() => {
                  setTitleType(type);
                }}
              />
              {type === 'PERSONAL' ? t('einvoice.personal') : t('einvoice.company')}
            </label>
          ))}
        </fieldset>
        <TextField
          label={titleType === 'PERSONAL' ? t('einvoice.personName') : t('einvoice.companyName')}
          name="title"
          autoComplete={titleType === 'PERSONAL' ? 'name' : 'organization'}
          value={title}
          maxLength={100}
          error={submitted && titleError ? t(`einvoice.error.${titleError}`) : null}
          onValueChange={setTitle}
        />
        {titleType === 'COMPANY' && (
          <TextField
            label={t('einvoice.taxpayerId')}
            name="taxpayerId"
            autoComplete="off"
            hint={t('einvoice.taxpayerIdHint')}
            value={taxpayerId}
            maxLength={30}
            error={submitted && taxpayerError ? t('einvoice.error.taxpayerId') : null}
            onValueChange={setTaxpayerId}
          />
        )}
      </form>
    </Dialog>
  );
}
