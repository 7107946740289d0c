import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { useAddressLayout, type Address } from '../api/addresses';
import { addressLines } from '../model/address-text';

interface AddressCardProps {
  address: Address;
  /** Other addresses are saved beside this one. */
  othersSaved: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakePreferred: () => void;
}

export function AddressCard({ address, othersSaved, busy, onEdit, onDelete, onMakePreferred }: AddressCardProps) {
  const { t, locale } = useI18n();
  const layout = useAddressLayout(address.country ?? '');
  const lines = addressLines(address, layout.data, locale.intlLocale);
  const title = lines[0] ?? '';
  // Walk minor 24: deleting the preferred address left the book with none. While other addresses are
  // saved, the preferred one is deleted after another is made preferred (the shopper chooses which); the
  // last address may go, leaving nothing to prefer.
  const deletable = !address.preferred || !othersSaved;
  return (
    <li className="card address-card">
      <address className="address-card__text">
        {lines.map((line, index) => (
          <span key={index} className={index === 0 ? 'address-card__name' : undefined}>
            {line}
          </span>
        ))}
      </address>
      {address.preferred && <p className="address-card__preferred">{t('addresses.list.preferred')}</p>}
      {!deletable && <p className="muted">{t('addresses.list.preferredKept')}</p>}
      <div className="address-card__actions">
        <Button variant="secondary" onClick={onEdit} aria-label={t('addresses.list.editNamed', { name: title })}>
          {t('addresses.list.edit')}
        </Button>
        {deletable && (
          <Button variant="secondary" onClick={onDelete} aria-label={t('addresses.list.deleteNamed', { name: title })}>
            {t('addresses.list.delete')}
          </Button>
        )}
        {!address.preferred && (
          <Button
            variant="secondary"
            onClick={onMakePreferred}
            loading={busy}
            aria-label={t('addresses.list.makePreferredNamed', { name: title })}
          >
            {t('addresses.list.makePreferred')}
          </Button>
        )}
      </div>
    </li>
  );
}
