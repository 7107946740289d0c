import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { createQueryClient } from '@/shared/api/query-client';
import { I18nProvider } from '@/shared/i18n/i18n-context';
import { resolveLocale } from '@/shared/i18n/locale-table';
import { json, mockFetch } from '@/test/mock-fetch';
import { StoreStep } from './store-step';

/** The store search answers no store; `rememberSearch` is the server's rule (spec 001 §4.5). */
function serve() {
  return mockFetch([
    {
      path: '/store/store_views/v1',
      respond: (request) => {
        const q = request.url.searchParams.get('q') ?? '';
        return json({
          objects: [],
          pages: { page: 1, totalPages: 0, totalResources: 0 },
          ...(q ? { rememberSearch: !q.startsWith('APO') } : {}),
        });
      },
    },
  ]);
}

function renderStep(country = 'US') {
  const client = createQueryClient({ retries: false });
  const view = render(
    <QueryClientProvider client={client}>
      <I18nProvider locale={resolveLocale(country.toLowerCase(), null)} fallback={<p>…</p>}>
        <StoreStep country={country} storeId={null} onChoose={() => undefined} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

beforeEach(() => {
  localStorage.clear();
});

it('keeps a search for the next visit only when the server says it may (not APO, FPO, AK)', async () => {
  const { requests } = serve();
  const user = userEvent.setup();
  const first = renderStep();
  const search = await screen.findByRole('textbox', { name: 'City, postal code or store name' });
  await user.type(search, 'Portland, OR');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => {
    expect(localStorage.getItem('returns.storeSearch.US')).toBe('Portland, OR');
  });
  await user.clear(search);
  await user.type(search, 'APO AE 09012');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => {
    expect(first.client.getQueryState(['returns', 'stores', 'US', 'APO AE 09012', 1])?.status).toBe('success');
  });
  expect(localStorage.getItem('returns.storeSearch.US')).toBe('Portland, OR');
  first.unmount();

  // The next visit starts from the kept search.
  renderStep();
  expect(await screen.findByRole('textbox', { name: 'City, postal code or store name' })).toHaveValue('Portland, OR');
  await waitFor(() => {
    expect(requests.at(-1)?.url.searchParams.get('q')).toBe('Portland, OR');
  });
});

/** One store of `country` in the search answer. */
function serveStore(country: string, address: Record<string, string>) {
  mockFetch([
    {
      path: '/store/store_views/v1',
      respond: () =>
        json({
          objects: [
            {
              id: 'S-1',
              name: 'Flagship',
              address: { ...address, iso2Country: country },
              isOpenNow: true,
              latitude: '0',
              longitude: '0',
              operationalDetails: { hoursOfOperation: { regularHours: {}, specialHours: {} } },
              phone: '+1 212 555 0142',
              storeServices: [],
              timezone: 'UTC',
            },
          ],
          pages: { page: 1, totalPages: 1, totalResources: 1 },
        }),
    },
  ]);
}

/** The address lines of the store's radio, below its name. */
const storeLines = async () => {
  const radio = await screen.findByRole('radio', { name: /Flagship/ });
  return [...radio.closest('label')!.querySelectorAll('.return-store__line')].map((line) => line.textContent);
};

it('writes a US store the US way: city, state and ZIP code on one line', async () => {
  serveStore('US', { address1: '650 5th Ave', city: 'New York, NY', postalCode: '10019' });
  renderStep('US');
  expect(await storeLines()).toEqual(['650 5th Ave', 'New York, NY 10019']);
});

it('writes a German store with the postal code before the city, and a British one with the postcode below', async () => {
  serveStore('DE', { address1: 'Tauentzienstraße 9', city: 'Berlin', postalCode: '10789' });
  const german = renderStep('DE');
  expect(await storeLines()).toEqual(['Tauentzienstraße 9', '10789 Berlin']);
  german.unmount();
  serveStore('GB', { address1: '236 Oxford St', city: 'London', postalCode: 'W1C 1DE' });
  renderStep('GB');
  expect(await storeLines()).toEqual(['236 Oxford St', 'London', 'W1C 1DE']);
});
