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

function renderStep() {
  const client = createQueryClient({ retries: false });
  const view = render(
    <QueryClientProvider client={client}>
      <I18nProvider locale={resolveLocale('us', null)} fallback={<p>…</p>}>
        <StoreStep country="US" storeId={null} onChoose={() => undefined} />
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
