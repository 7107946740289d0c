import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '@/shared/auth/session';
import { historyItem, historyPage } from '@/test/fixtures';
import { deferred, json, mockFetch, type RecordedRequest } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const isPartner = (request: RecordedRequest) => request.url.searchParams.get('filter')?.includes('PARTNER') ?? false;
const isConsentWrite = (request: RecordedRequest) =>
  request.method === 'PUT' && request.url.pathname === '/consent/v1/partnerOrderDataSharing';

/**
 * A member with own and partner orders who shares partner orders. The consent records answer what the last
 * successful PUT stored; `write` answers each PUT (by default `store`: stored, and echoed as the server does).
 */
function serveMember(
  write?: (request: RecordedRequest, store: (request: RecordedRequest) => Response) => Response | Promise<Response>,
) {
  let granted = true;
  const record = () => ({ type: 'partnerOrderDataSharing', granted, updatedAt: '2026-11-01T00:00:00.000Z' });
  const store = (request: RecordedRequest) => {
    granted = (request.body as { granted: boolean }).granted;
    return json(record());
  };
  return mockFetch([
    {
      path: '/orders/history/v1',
      respond: (request) =>
        json(
          historyPage(
            isPartner(request)
              ? [historyItem('P0000001', { orderType: 'PARTNER_SALES_ORDER', partnerName: 'Runners Co' })]
              : [historyItem('A0000001')],
          ),
        ),
    },
    { path: '/consent/v1', respond: () => json([record()]) },
    {
      method: 'PUT',
      path: '/consent/v1/partnerOrderDataSharing',
      respond: (request) => (write ? write(request, store) : store(request)),
    },
  ]);
}

const faqHeading = () => screen.getByRole('heading', { level: 2, name: 'Partner orders: frequently asked questions' });
const orderLists = () => screen.queryByRole('navigation', { name: 'Order lists' });

// Following the header's link puts its fragment in the document's URL (jsdom too); each test starts without it.
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('partner order history FAQ', () => {
  it('links the page header to the FAQ section, whose heading takes focus', async () => {
    serveMember();
    const { user } = renderApp('/gb/orders/partner', { member: true });
    await screen.findByText('Sold by Runners Co');

    const link = screen.getByRole('link', { name: 'Questions about partner orders? Read the FAQ' });
    // In the header: after the page's heading and banner, before the tabs and the list.
    const h1 = screen.getByRole('heading', { level: 1, name: 'Orders' });
    expect(h1.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(link.compareDocumentPosition(screen.getByRole('list', { name: 'Orders' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(link).toHaveAttribute('href', '#partner-orders-faq');
    expect(faqHeading()).toHaveAttribute('id', 'partner-orders-faq');

    await user.click(link);
    expect(faqHeading()).toHaveFocus();
  });

  it('opens on the FAQ from a link to it', async () => {
    serveMember();
    window.history.replaceState(null, '', '/gb/orders/partner#partner-orders-faq');
    renderApp('/gb/orders/partner', { member: true });
    await waitFor(() => {
      expect(faqHeading()).toHaveFocus();
    });
  });

  it('answers what partner orders are, why one may be missing, whom to contact and how to stop sharing', async () => {
    serveMember();
    renderApp('/gb/orders/partner', { member: true });
    await screen.findByText('Sold by Runners Co');

    const faq = screen.getByRole('region', { name: 'Partner orders: frequently asked questions' });
    expect(
      within(faq)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'What are partner orders?',
      'Why is a partner order missing?',
      'Who do I contact about a partner order?',
      'How do I stop sharing partner orders or remove this data?',
    ]);
    expect(within(faq).getByText(/orders you placed with our partners/)).toBeInTheDocument();
    expect(within(faq).getByText(/only once the partner has shared it with us/)).toBeInTheDocument();
    expect(within(faq).getByText(/handles its delivery, returns and refunds/)).toBeInTheDocument();
    expect(within(faq).getByText(/stop sharing order data with our partners at any time/)).toBeInTheDocument();
    // The country's contact page (no configuration loaded: the deployment's generic one).
    expect(within(faq).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/help/contact?country=GB&language=en',
    );
    expect(
      within(faq).getByRole('link', { name: 'Ask us to delete the partner order data we already hold' }),
    ).toHaveAttribute('href', '/help/contact?country=GB&language=en');
    expect(within(faq).getByRole('button', { name: 'Stop sharing partner orders' })).toBeInTheDocument();
  });

  it('answers in the shopper’s language', async () => {
    serveMember();
    renderApp('/fr/fr/orders/partner', { member: true });
    expect(
      await screen.findByRole('link', { name: 'Des questions sur les commandes partenaires ? Consultez la FAQ' }),
    ).toHaveAttribute('href', '#partner-orders-faq');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Commandes partenaires : questions fréquentes' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Arrêter de partager les commandes partenaires' })).toBeInTheDocument();
  });
});

describe('stopping partner order sharing', () => {
  it('asks first, withdraws the consent with PUT granted false, and the partner tab is gone afterwards', async () => {
    const { requests } = serveMember();
    // Signed in the way the browser is: the session cookie, with the CSRF value every write repeats.
    signIn({ upmId: 'member-1', expiresIn: 3600, csrfToken: 'csrf-123' });
    const { user, currentUrl } = renderApp('/gb/orders');
    await user.click(await screen.findByRole('link', { name: 'Partner orders' }));
    await screen.findByText('Sold by Runners Co');

    // Keep sharing: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Stop sharing partner orders' }));
    let dialog = screen.getByRole('dialog', { name: 'Stop sharing partner orders?' });
    expect(within(dialog).getByText(/will no longer be shared with our partners/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep sharing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some(isConsentWrite)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Stop sharing partner orders' }));
    dialog = screen.getByRole('dialog', { name: 'Stop sharing partner orders?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));

    const done = await screen.findByRole('dialog', { name: "You've stopped sharing partner orders" });
    expect(within(done).getByRole('status')).toHaveTextContent('Partner orders no longer appear in your orders.');
    const writes = requests.filter(isConsentWrite);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toEqual({ granted: false });
    expect(writes[0]?.headers.get('X-CSRF-Token')).toBe('csrf-123');
    // The answer now says so instead of offering the control again.
    expect(screen.queryByRole('button', { name: 'Stop sharing partner orders' })).not.toBeInTheDocument();

    await user.click(within(done).getByRole('button', { name: 'Go to your orders' }));
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders');
    });
    await screen.findByText('Shoe A0000001');
    expect(orderLists()).not.toBeInTheDocument();
  });

  it('shows progress while the change is on its way', async () => {
    const answer = deferred();
    serveMember(() => answer.promise);
    const { user } = renderApp('/orders/partner', { member: true });
    await user.click(await screen.findByRole('button', { name: 'Stop sharing partner orders' }));
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));

    const working = await screen.findByRole('button', { name: 'Stopping' });
    expect(working).toBeDisabled();
    expect(working).toHaveAttribute('aria-busy', 'true');
    // A write on its way cannot be called back.
    expect(screen.getByRole('button', { name: 'Keep sharing' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    answer.resolve(json({ type: 'partnerOrderDataSharing', granted: false, updatedAt: '2026-11-02T00:00:00.000Z' }));
    expect(await screen.findByRole('button', { name: 'Go to your orders' })).toBeInTheDocument();
  });

  it('says so when the change fails and changes nothing', async () => {
    const { requests } = serveMember(() => json({ code: 'internal', message: 'boom' }, 500));
    const { user } = renderApp('/gb/orders/partner', { member: true });
    await user.click(await screen.findByRole('button', { name: 'Stop sharing partner orders' }));
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));

    const dialog = screen.getByRole('dialog', { name: 'Stop sharing partner orders?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't stop sharing your partner orders, so nothing has changed. Please try again.",
    );
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeEnabled();
    const consentReads = () => requests.filter((request) => request.url.pathname === '/consent/v1').length;
    const readsAfterFailure = consentReads();

    // The control is still offered, and the own history still has the partner tab.
    await user.click(within(dialog).getByRole('button', { name: 'Keep sharing' }));
    expect(screen.getByRole('button', { name: 'Stop sharing partner orders' })).toBeInTheDocument();
    const tabs = orderLists();
    expect(tabs).toBeInTheDocument();
    await user.click(within(tabs!).getByRole('link', { name: 'Your orders' }));
    await screen.findByText('Shoe A0000001');
    expect(within(orderLists()!).getByRole('link', { name: 'Partner orders' })).toBeInTheDocument();
    expect(consentReads()).toBe(readsAfterFailure);
  });

  it('tries again with Retry', async () => {
    let failures = 1;
    const { requests } = serveMember((request, store) =>
      failures-- > 0 ? json({ code: 'internal', message: 'boom' }, 500) : store(request),
    );
    const { user } = renderApp('/gb/orders/partner', { member: true });
    await user.click(await screen.findByRole('button', { name: 'Stop sharing partner orders' }));
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await user.click(await screen.findByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('dialog', { name: "You've stopped sharing partner orders" })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText("You've stopped sharing partner orders", { selector: 'p' })).toBeInTheDocument();
    const writes = requests.filter(isConsentWrite);
    expect(writes.map((write) => write.body)).toEqual([{ granted: false }, { granted: false }]);
  });
});
