import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useAddressEditor } from '@/shared/address-editor/address-editor-slot';
import { useAddressLayout, type AddressLayout } from '@/shared/api/address-layout';
import type { components } from '@/shared/api/schema';
import { addresseeName, deliveryAddressForDisplay, samePlace } from '@/shared/format/address';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { Spinner } from '@/shared/ui/spinner';
import {
  listAddresses,
  saveSuggestedAddress,
  validatePickupAddress,
  type PickupAddress,
  type PickupSlot,
} from '../api';

type Address = components['schemas']['Address'];

/** Spec 001 §4.4 and §9: the address list shows 5 per page. */
export const ADDRESSES_PER_PAGE = 5;

export interface PickupChoice {
  address: PickupAddress | null;
  slot: PickupSlot | null;
}

/** A saved address (`line1`, `line2`) as the pickup the capture sends (`address1`, `address2`). */
export function toPickupAddress(address: Address, country: string): PickupAddress {
  const name = address.name ?? [address.nameFamily, address.nameGiven].filter(Boolean).join(' ');
  return {
    name,
    address1: address.line1 ?? '',
    ...(address.line2 ? { address2: address.line2 } : {}),
    city: address.locality ?? '',
    ...(address.province ? { state: address.province } : {}),
    postalCode: address.code ?? '',
    country: (address.country ?? country).toUpperCase(),
    ...(address.phone ? { phone: address.phone } : {}),
    ...(address.email ? { email: address.email } : {}),
  };
}

/**
 * A saved address in the lines of the address book: the name, then the place as Korea writes it, the
 * province by its name and the city with it ("서울특별시 강남구 역삼동 06236"; walk minor 4 showed
 * "06236 강남구 11", no city and a bare province code). The country is the order's: no country line.
 */
const addressLines = (address: Address, layout: AddressLayout | undefined, displayLocale: string) =>
  [
    addresseeName(address, layout),
    ...deliveryAddressForDisplay(address, layout, displayLocale, { withCountry: false }),
  ].filter(Boolean);

interface PickupAddressStepProps {
  upmId: string;
  country: string;
  slots: PickupSlot[];
  choice: PickupChoice;
  onChange: (choice: PickupChoice) => void;
}

/**
 * Korea courier pickup (spec 001 §2.2, §4.4): choose a saved address of the order's country (the server
 * filters, spec 002 §4; 5 per page), which is validated (in Korean for Korea); a close match or no match
 * opens the confirm modal with the entered and the suggested address, and a suggestion taken is saved
 * back to the address book before it is used. Addresses are added and edited here with the address
 * book's form (shared/address-editor). Then a pickup window.
 */
export function PickupAddressStep({ upmId, country, slots, choice, onChange }: PickupAddressStepProps) {
  const { t, date, locale } = useI18n();
  const name = useId();
  const layout = useAddressLayout(country).data;
  const lines = (address: Address) => addressLines(address, layout, locale.intlLocale);
  const [page, setPage] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ entered: Address; suggested: Address | null } | null>(null);
  // The address form in the step: `{}` adds, `{ editing }` edits; null is closed.
  const [form, setForm] = useState<{ editing?: Address } | null>(null);
  const addressEditor = useAddressEditor();
  const queryClient = useQueryClient();
  const listKey = ['returns', 'addresses', upmId, country.toUpperCase()] as const;
  const addresses = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => listAddresses(upmId, country.toUpperCase(), signal),
  });
  const validate = useMutation({
    mutationFn: (address: Address) => validatePickupAddress(address),
  });
  const saveSuggestion = useMutation({
    mutationFn: ({ suggested, originalId }: { suggested: Address; originalId: string }) =>
      saveSuggestedAddress(upmId, suggested, originalId),
  });

  const accept = (address: Address) => {
    setConfirm(null);
    setSelectedId(address.id ?? null);
    onChange({ ...choice, address: toPickupAddress(address, country) });
  };
  /** A saved address (added, edited or a suggestion taken) is the pickup address; the list shows it. */
  const takeSaved = (saved: Address) => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    accept(saved);
  };
  const takeSuggestion = (suggested: Address) => {
    const originalId = suggested.originalId;
    if (!originalId) {
      accept(suggested);
      return;
    }
    saveSuggestion.mutate({ suggested, originalId }, { onSuccess: takeSaved, onError: () => setConfirm(null) });
  };
  const choose = (address: Address) => {
    setSelectedId(address.id ?? null);
    onChange({ ...choice, address: null });
    validate.mutate(address, {
      onSuccess: (answer) => {
        const suggested = answer.validatedAddress;
        // Verified as saved (the answer repeats it under its own id), or a "suggestion" naming the same
        // place again (walk minor 4): nothing to choose between, the saved address is used.
        const nothingToChoose =
          (answer.validated && suggested?.id !== 'suggested') || (suggested != null && samePlace(suggested, address));
        if (nothingToChoose) accept(address);
        else {
          const suggested = answer.validatedAddress
            ? { ...answer.validatedAddress, id: 'suggested', originalId: address.id ?? null }
            : null;
          setConfirm({ entered: address, suggested });
        }
      },
    });
  };

  const all = addresses.data ?? [];
  const pages = Math.max(1, Math.ceil(all.length / ADDRESSES_PER_PAGE));
  const shown = all.slice(page * ADDRESSES_PER_PAGE, (page + 1) * ADDRESSES_PER_PAGE);
  return (
    <div className="return-step">
      <fieldset className="return-stores">
        <legend className="return-step__legend">{t('returns.pickup.heading')}</legend>
        {addresses.isPending && <Spinner />}
        {addresses.isError && (
          <Alert>
            {t('returns.pickup.loadFailed')}{' '}
            <Button
              variant="secondary"
              onClick={() => {
                void addresses.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          </Alert>
        )}
        {addresses.data && all.length === 0 && <p>{t('returns.error.noAddresses')}</p>}
        {shown.map((address) => (
          <div key={address.id ?? lines(address).join()} className="return-pickup-address">
            <label
              className={address.id === selectedId ? 'return-store card return-store--chosen' : 'return-store card'}
            >
              <input
                type="radio"
                name={name}
                checked={address.id === selectedId}
                onChange={() => {
                  choose(address);
                }}
              />
              <span>
                {lines(address).map((line, index) => (
                  <span key={index}>{line}</span>
                ))}
              </span>
            </label>
            {addressEditor && !form && (
              <Button
                variant="secondary"
                aria-label={t('returns.pickup.editNamed', { name: lines(address)[0] ?? '' })}
                onClick={() => {
                  setForm({ editing: address });
                }}
              >
                {t('returns.pickup.edit')}
              </Button>
            )}
          </div>
        ))}
        {validate.isPending && <Spinner label={t('returns.pickup.checking')} />}
        {validate.isError && <Alert>{t('returns.pickup.checkFailed')}</Alert>}
        {saveSuggestion.isError && <Alert>{t('returns.pickup.saveFailed')}</Alert>}
        {choice.address && (
          <p role="status" className="return-store__open">
            {t('returns.pickup.confirmed')}
          </p>
        )}
      </fieldset>
      {all.length > ADDRESSES_PER_PAGE && (
        <nav className="return-pager" aria-label={t('returns.pickup.pages')}>
          <Button
            variant="secondary"
            disabled={page === 0}
            onClick={() => {
              setPage(page - 1);
            }}
          >
            {t('returns.pager.previous')}
          </Button>
          <span aria-live="polite">
            {t('returns.pickup.count', {
              from: page * ADDRESSES_PER_PAGE + 1,
              to: page * ADDRESSES_PER_PAGE + shown.length,
              total: all.length,
            })}
          </span>
          <Button
            variant="secondary"
            disabled={page >= pages - 1}
            onClick={() => {
              setPage(page + 1);
            }}
          >
            {t('returns.pager.next')}
          </Button>
        </nav>
      )}
      {addressEditor ? (
        form ? (
          addressEditor({
            upmId,
            country,
            editing: form.editing,
            onSaved: takeSaved,
            onClose: () => {
              setForm(null);
            },
          })
        ) : (
          <p>
            <Button
              variant="secondary"
              onClick={() => {
                setForm({});
              }}
            >
              {t('returns.pickup.add')}
            </Button>
          </p>
        )
      ) : (
        <p>
          <Link href={paths.addresses()}>{t('returns.pickup.manage')}</Link>
        </p>
      )}
      {slots.length > 0 && (
        <fieldset className="return-stores">
          <legend className="return-step__legend">{t('returns.pickup.slotHeading')}</legend>
          {slots.map((slot) => {
            const key = `${slot.date}-${String(slot.fromHour)}`;
            const checked = choice.slot?.date === slot.date && choice.slot.fromHour === slot.fromHour;
            return (
              <label key={key} className={checked ? 'return-store card return-store--chosen' : 'return-store card'}>
                <input
                  type="radio"
                  name={`${name}-slot`}
                  checked={checked}
                  onChange={() => {
                    onChange({ ...choice, slot });
                  }}
                />
                <span>
                  {t('returns.pickup.slot', { date: date(slot.date, 'long'), from: slot.fromHour, to: slot.toHour })}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      {confirm && (
        <Dialog
          title={t('returns.pickup.confirmTitle')}
          onDismiss={() => {
            setConfirm(null);
            setSelectedId(null);
          }}
          actions={
            <>
              {confirm.suggested && (
                <Button
                  disabled={saveSuggestion.isPending}
                  onClick={() => {
                    if (confirm.suggested) takeSuggestion(confirm.suggested);
                  }}
                >
                  {t('returns.pickup.useSuggested')}
                </Button>
              )}
              <Button
                variant={confirm.suggested ? 'secondary' : 'primary'}
                onClick={() => {
                  accept(confirm.entered);
                }}
              >
                {t('returns.pickup.useEntered')}
              </Button>
            </>
          }
        >
          <p>{confirm.suggested ? t('returns.error.addressCloseMatch') : t('returns.error.addressNoMatch')}</p>
          {confirm.suggested && (
            <div className="card">
              <strong>{t('returns.pickup.suggested')}</strong>
              {lines(confirm.suggested).map((line, index) => (
                <p key={index} className="address-lines">
                  {line}
                </p>
              ))}
            </div>
          )}
          <div className="card">
            <strong>{t('returns.pickup.entered')}</strong>
            {lines(confirm.entered).map((line, index) => (
              <p key={index} className="address-lines">
                {line}
              </p>
            ))}
          </div>
        </Dialog>
      )}
    </div>
  );
}
