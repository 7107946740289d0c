import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { fieldsForDisplay } from '@/shared/format/address';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { listStores } from '../api';
import { storeQueryKey } from '../hooks/use-store-country';
import { loadStoreSearch, rememberStoreSearch } from '../model/store-search';

interface StoreStepProps {
  country: string;
  storeId: string | null;
  onChoose: (storeId: string) => void;
}

/**
 * Step 3 for store returns (spec 001 §2.1, §4.5): stores of the order's country, 3 per page, searched by
 * name, city or postal code; open-now comes from the server (store hours in the store's time zone). The
 * last search is kept for the next visit when the server says it may be (not APO/FPO/Guantanamo Bay/AK).
 */
export function StoreStep({ country, storeId, onChoose }: StoreStepProps) {
  const { t, locale } = useI18n();
  const name = useId();
  const [draft, setDraft] = useState(() => loadStoreSearch(country));
  const [search, setSearch] = useState(draft);
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const stores = useQuery({
    queryKey: ['returns', 'stores', country, search, page] as const,
    queryFn: ({ signal }) => listStores(country, search, page, signal),
    placeholderData: keepPreviousData,
  });
  const rememberSearch = stores.data?.rememberSearch === true && !stores.isPlaceholderData;
  useEffect(() => {
    if (rememberSearch && search) rememberStoreSearch(country, search);
  }, [rememberSearch, country, search]);
  const onSearch = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };
  const pages = stores.data?.pages;
  return (
    <section className="return-step" aria-labelledby={`${name}-heading`}>
      <h2 id={`${name}-heading`} className="return-step__legend">
        {t('returns.store.heading')}
      </h2>
      <p className="muted">{t('returns.store.sameCountry')}</p>
      <form className="return-store__search" onSubmit={onSearch} role="search">
        <TextField label={t('returns.store.search')} value={draft} onValueChange={setDraft} />
        <Button type="submit" variant="secondary">
          {t('returns.store.searchButton')}
        </Button>
      </form>
      {stores.isPending && <Spinner />}
      {stores.isError && (
        <p role="alert">
          {t('returns.store.loadFailed')}{' '}
          <Button
            variant="secondary"
            onClick={() => {
              void stores.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </p>
      )}
      {stores.data && stores.data.objects.length === 0 && <p>{t('returns.store.none')}</p>}
      {stores.data && stores.data.objects.length > 0 && (
        <fieldset className="return-stores">
          <legend className="visually-hidden">{t('returns.store.heading')}</legend>
          {stores.data.objects.map((store) => (
            <label
              key={store.id}
              className={store.id === storeId ? 'return-store card return-store--chosen' : 'return-store card'}
            >
              <input
                type="radio"
                name={name}
                checked={store.id === storeId}
                onChange={() => {
                  queryClient.setQueryData(storeQueryKey(store.id), store);
                  onChoose(store.id);
                }}
              />
              <span>
                <strong>{store.name}</strong>
                {/* Written the way the store's country writes addresses ("New York, NY 10019", "10117
                    Berlin"); every store is in the order's country, so no country line. */}
                {fieldsForDisplay(
                  {
                    street: [store.address.address1, store.address.address2, store.address.address3],
                    city: store.address.city,
                    region: store.address.state,
                    postalCode: store.address.postalCode,
                    country: store.address.iso2Country || country,
                  },
                  locale.intlLocale,
                  { withCountry: false },
                ).map((line, index) => (
                  <span key={index} className="return-store__line">
                    {line}
                  </span>
                ))}
                <span className={store.isOpenNow ? 'return-store__open' : 'muted'}>
                  {store.isOpenNow ? t('returns.store.openNow') : t('returns.store.closedNow')}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {pages && pages.totalPages > 1 && (
        <nav className="return-pager" aria-label={t('returns.store.pages')}>
          <Button
            variant="secondary"
            disabled={page <= 1}
            onClick={() => {
              setPage(page - 1);
            }}
          >
            {t('returns.pager.previous')}
          </Button>
          <span aria-live="polite">{t('returns.pager.position', { page: pages.page, total: pages.totalPages })}</span>
          <Button
            variant="secondary"
            disabled={page >= pages.totalPages}
            onClick={() => {
              setPage(page + 1);
            }}
          >
            {t('returns.pager.next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
