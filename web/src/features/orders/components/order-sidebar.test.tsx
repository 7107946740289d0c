import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@/shared/api/types';
import { order, pickupOrder, pickupStore } from '@/test/fixtures';
import { configRoute, countryConfig } from '@/test/country-config';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { telephoneHref } from './pickup-store';

const serve = (...details: OrderDetail[]) =>
  mockFetch(
    details.map((detail) => ({ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) })),
  );

/** Only Date is faked: Testing Library's waits keep their real timers. */
const at = (instant: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
};

afterEach(() => {
  vi.useRealTimers();
});

/** The lines of an address paragraph (text between its <br>s). */
const addressLines = (paragraph: HTMLElement) =>
  [...paragraph.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent);

const storeCard = () =>
  screen.getByRole('heading', { level: 2, name: /Pickup store|Magasin de retrait|受け取り店舗/ }).parentElement!;
const hoursRows = () =>
  within(within(storeCard()).getByRole('table'))
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent.replace(/\s+/g, ' ')));

describe('pickup store in the order sidebar', () => {
  it('shows the store, a tel: link, the week in US format and "open now" in the store time zone', async () => {
    // Monday 2 November 2026, 20:00 UTC = 15:00 in New York.
    at('2026-11-02T20:00:00Z');
    serve(pickupOrder());
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    const card = within(storeCard());
    expect(card.getByText('Fifth Avenue')).toBeInTheDocument();
    expect(addressLines(card.getByText(/650 5th Ave/))).toEqual(['650 5th Ave', 'New York, NY 10019', 'United States']);
    expect(card.getByRole('link', { name: '+1 212 555 0142' })).toHaveAttribute('href', 'tel:+12125550142');
    expect(card.getByText('Open now · closes 9:00 PM')).toBeInTheDocument();
    expect(card.getByRole('table', { name: 'Opening hours' })).toBeInTheDocument();
    expect(hoursRows()).toEqual([
      ['Monday', '10:00 AM – 9:00 PM'],
      ['Tuesday', '10:00 AM – 9:00 PM'],
      ['Wednesday', '10:00 AM – 9:00 PM'],
      ['Thursday', '10:00 AM – 9:00 PM'],
      ['Friday', '10:00 AM – 9:00 PM'],
      ['Saturday', '10:00 AM – 9:00 PM'],
      ['Sunday', '11:00 AM – 8:30 PM'],
    ]);
    expect(card.getByRole('row', { current: 'date' })).toHaveTextContent(/^Monday/);
    expect(card.getByText('Hours are in the store’s local time (Eastern Time).')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shipping address' })).not.toBeInTheDocument();
  });

  it('uses the store-local day: late Sunday in New York while it is Monday in UTC, 24-hour clock for GB', async () => {
    // 03:00 UTC on Monday = 22:00 on Sunday in New York, after the Sunday closing at 20:30.
    at('2026-11-02T03:00:00Z');
    serve(pickupOrder());
    renderApp('/gb/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(within(storeCard()).getByText('Closed now · opens Monday 10:00')).toBeInTheDocument();
    expect(within(storeCard()).getByRole('row', { current: 'date' })).toHaveTextContent(/^Sunday/);
    expect(hoursRows()[6]).toEqual(['Sunday', '11:00 – 20:30']);
  });

  it('reads "closed now, opens at" before opening, in French', async () => {
    // Monday 13:00 UTC = 08:00 in New York.
    at('2026-11-02T13:00:00Z');
    serve(pickupOrder({ currency: 'EUR' }));
    renderApp('/fr/fr/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Commande C0012345678' });
    expect(within(storeCard()).getByText('Fermé actuellement · ouvre à 10:00')).toBeInTheDocument();
    expect(hoursRows()[0]).toEqual(['lundi', '10:00 – 21:00']);
    expect(hoursRows()[6]).toEqual(['dimanche', '11:00 – 20:30']);
  });

  it('shows a Tokyo store open in Japanese while the same instant is Sunday night in New York', async () => {
    at('2026-11-02T03:00:00Z');
    serve(
      pickupOrder({
        currency: 'JPY',
        pickupAddress: pickupStore({ storeName: '原宿', timezone: 'Asia/Tokyo', country: 'JP' }),
      }),
    );
    renderApp('/jp/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: '注文 C0012345678' });
    expect(within(storeCard()).getByText('営業中 · 21:00に閉店')).toBeInTheDocument();
    expect(within(storeCard()).getByRole('row', { current: 'date' })).toHaveTextContent(/^月曜日/);
    expect(hoursRows()[0]).toEqual(['月曜日', '10:00～21:00']);
  });

  it('lists the coming special hours and lets them override the regular day', async () => {
    // Christmas Eve, 10:00 in New York: open; Christmas Day is listed as closed.
    at('2026-12-24T15:00:00Z');
    serve(pickupOrder());
    const first = renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    const card = within(storeCard());
    expect(card.getByText('Open now · closes 9:00 PM')).toBeInTheDocument();
    expect(card.getByRole('heading', { level: 3, name: 'Special hours' })).toBeInTheDocument();
    expect(card.getByText('Friday, Dec 25').parentElement).toHaveTextContent('Friday, Dec 25Closed');
    first.unmount();

    // Christmas Day noon: the regular Friday hours do not apply.
    at('2026-12-25T17:00:00Z');
    serve(pickupOrder());
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(within(storeCard()).getByText('Closed now · opens Saturday 10:00 AM')).toBeInTheDocument();
  });

  it('reads a store open 24 hours as "Open 24 hours", not "closes 12:00 AM" (walk minor 14)', async () => {
    at('2026-11-02T20:00:00Z');
    const allDay = { opensMinutes: 0, closesMinutes: 1440 };
    const base = pickupStore();
    const weekly = base.pickupHours.weekly.map(({ weekday }) => ({ weekday, hours: allDay }));
    serve(
      pickupOrder({ pickupAddress: pickupStore({ pickupHours: { ...base.pickupHours, weekly, specialDays: [] } }) }),
    );
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    const card = within(storeCard());
    expect(card.getByText('Open 24 hours', { selector: 'p' })).toBeInTheDocument();
    expect(hoursRows().map(([, hours]) => hours)).toEqual(Array(7).fill('Open 24 hours'));
    expect(card.queryByText(/12:00\sAM/)).not.toBeInTheDocument();
  });

  it('names the day a store open past today closes on', async () => {
    // Monday 15:00 in New York, open from Monday 00:00 to Tuesday 21:00.
    at('2026-11-02T20:00:00Z');
    const base = pickupStore();
    const weekly = base.pickupHours.weekly.map((day) =>
      day.weekday === 'monday' ? { ...day, hours: { opensMinutes: 0, closesMinutes: 1440 } } : day,
    );
    const tuesday = { date: '2026-11-03', hours: { opensMinutes: 0, closesMinutes: 1260 } };
    serve(
      pickupOrder({
        pickupAddress: pickupStore({ pickupHours: { ...base.pickupHours, weekly, specialDays: [tuesday] } }),
      }),
    );
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    const card = within(storeCard());
    expect(card.getByText('Open now · closes Tuesday 9:00 PM')).toBeInTheDocument();
    expect(hoursRows()[0]).toEqual(['Monday', 'Open 24 hours']);
    expect(card.getByText('Tuesday, Nov 3').parentElement).toHaveTextContent('Tuesday, Nov 312:00 AM – 9:00 PM');
  });

  it('leaves out the open/closed line for an unknown time zone but still lists the hours', async () => {
    serve(pickupOrder({ pickupAddress: pickupStore({ timezone: 'Nowhere/Special' }) }));
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(within(storeCard()).queryByText(/Open now|Closed now/)).not.toBeInTheDocument();
    expect(hoursRows()).toHaveLength(7);
    expect(within(storeCard()).getByText('Hours are in the store’s local time (Nowhere/Special).')).toBeInTheDocument();
  });

  it.each([
    ['+1 212 555 0142', 'tel:+12125550142'],
    ['03-1234-5678', 'tel:0312345678'],
    ['+33 (0)1 23 45 67 89', 'tel:+330123456789'],
  ])('dials %s as %s', (telephone, href) => {
    expect(telephoneHref(telephone)).toBe(href);
  });
});

describe('shipping address in the order sidebar', () => {
  // A British order delivered in the US (walk polish 16) is written as a US address too, with its country
  // line: the lines end with the address's country code, as the order answer's lines do, and that code
  // decides the format, not the order's country.
  it.each([
    ['a US order', 'US', 'USD', '/orders'],
    ['a British order delivered in the US (walk polish 16)', 'GB', 'GBP', '/gb/orders'],
  ])('writes the shipping address of %s the way its own country does', async (_, country, currency, base) => {
    serve(order({ country, currency }));
    renderApp(`${base}/sales/C0012345678`, { member: true });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Shipping address' });
    expect(addressLines(within(heading.parentElement!).getByText(/Jane Doe/))).toEqual([
      'Jane Doe',
      '1 Market Street',
      'San Francisco, CA 94105',
      'United States',
    ]);
    expect(screen.queryByRole('heading', { name: 'Pickup store' })).not.toBeInTheDocument();
  });

  it.each([
    ['there are no lines', order({ shippingAddress: [] })],
    ['the lines are blank', order({ shippingAddress: ['', '  '] })],
    ['the order is picked up in store', pickupOrder({ shippingAddress: ['Jane Doe', '1 Market Street'] })],
  ])('is left out when %s', async (_, detail) => {
    serve(detail);
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(screen.queryByRole('heading', { name: 'Shipping address' })).not.toBeInTheDocument();
  });

  it('keeps each line of an address and the help phone in their own order right to left (walk minor 21)', async () => {
    const detail = order({ country: 'AE', currency: 'AED' });
    mockFetch([
      configRoute(countryConfig('ae')),
      { path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) },
    ]);
    renderApp('/ae/ar/orders/sales/C0012345678', { member: true, loadConfig: true });
    const heading = await screen.findByRole('heading', { level: 2, name: 'عنوان الشحن' });
    const lines = addressLines(within(heading.parentElement!).getByText(/Jane Doe/));
    expect(lines.slice(0, 2)).toEqual(['\u2068Jane Doe\u2069', '\u20681 Market Street\u2069']);
    expect(screen.getByRole('link', { name: /اتصل بنا/ })).toHaveTextContent('\u2068+1 800 555 0100\u2069');
  });

  it('is translated', async () => {
    serve(order({ currency: 'EUR' }));
    renderApp('/fr/fr/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Adresse de livraison' })).toBeInTheDocument();
  });
});

describe('original order of a return', () => {
  const returnOrder = order({
    orderNumber: 'R0012345678',
    orderId: 'R0012345678',
    orderType: 'RETURN_ORDER',
    parentSalesOrderNumber: 'C0000000001',
  });
  const parent = order({ orderNumber: 'C0000000001', orderId: 'C0000000001' });

  it('links to the sales order detail, keeping the country/locale prefix', async () => {
    serve(returnOrder, parent);
    const { user, currentUrl } = renderApp('/ca/fr/orders/returns/R0012345678', { member: true });
    const link = await screen.findByRole('link', { name: 'C0000000001' });
    expect(link).toHaveAttribute('href', '/ca/fr/orders/sales/C0000000001');
    await user.click(link);
    await waitFor(() => {
      expect(currentUrl()).toBe('/ca/fr/orders/sales/C0000000001');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande C0000000001' })).toBeInTheDocument();
  });

  it('speaks of the return, not a purchase: requested on, return from, and no change-or-cancel article', async () => {
    serve(returnOrder);
    renderApp('/orders/returns/R0012345678', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Return R0012345678' })).toBeInTheDocument();
    expect(screen.getByText('Return requested on November 1, 2026')).toBeInTheDocument();
    expect(screen.queryByText(/Placed on/)).not.toBeInTheDocument();
    const from = screen.getByRole('heading', { level: 2, name: 'Return from' });
    expect(within(from.parentElement!).getByText(/1 Market Street/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shipping address' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get help with this return' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to return' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change or cancel an order' })).not.toBeInTheDocument();
  });

  it('keeps the purchase wording on the sales order', async () => {
    serve(parent);
    renderApp('/orders/sales/C0000000001', { member: true });
    expect(await screen.findByText('Placed on November 1, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get help with this order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change or cancel an order' })).toBeInTheDocument();
  });

  it('says the return wording in German', async () => {
    serve(order({ ...returnOrder, currency: 'EUR', country: 'DE' }));
    renderApp('/de/orders/returns/R0012345678', { member: true });
    expect(await screen.findByText('Rücksendung angefordert am 1. November 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Rücksendung von' })).toBeInTheDocument();
  });

  it('stays text when the number is not one the route accepts', async () => {
    serve(order({ ...returnOrder, parentSalesOrderNumber: 'C-000' }));
    renderApp('/orders/returns/R0012345678', { member: true });
    expect(await screen.findByText('C-000')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'C-000' })).not.toBeInTheDocument();
  });
});

describe('store info of a store return in the order sidebar', () => {
  const storeReturn = (actions: OrderDetail['actions']) =>
    order({
      orderNumber: 'R0000000077',
      orderType: 'RETURN_ORDER',
      parentSalesOrderNumber: 'C0012345678',
      showBarcodeFlag: true,
      returnToStore: {
        header: 'Return in store',
        subheader: 'Show this barcode at the store with your ID and payment method.',
        barcodeNumber: 'R0000000077',
        linkSource: 'https://help.example.com/store-returns',
        linkDisplayText: 'How store returns work',
      },
      actions,
    });
  const card = () => screen.getByRole('heading', { level: 2, name: 'Return in store' }).closest('section')!;

  it("shows the header, subheader, link and, with the server's returnBarcode action, the barcode number", async () => {
    serve(
      storeReturn({
        returnBarcode: {
          enabled: true,
          barcode: { value: 'R0000000077', format: 'CODE128', height: 100, barWidth: 2 },
        },
      }),
    );
    renderApp('/orders/returns/R0000000077', { member: true });
    await screen.findByRole('heading', { level: 2, name: 'Return in store' });
    expect(
      within(card()).getByText('Show this barcode at the store with your ID and payment method.'),
    ).toBeInTheDocument();
    expect(within(card()).getByText('Barcode number: R0000000077')).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'How store returns work' })).toHaveAttribute(
      'href',
      'https://help.example.com/store-returns',
    );
  });

  it('leaves the barcode number out where the action forbids a barcode, and shows nothing on a sales order', async () => {
    serve(storeReturn({}));
    const view = renderApp('/orders/returns/R0000000077', { member: true });
    await screen.findByRole('heading', { level: 2, name: 'Return in store' });
    expect(within(card()).queryByText(/Barcode number/)).not.toBeInTheDocument();
    view.unmount();
    const base = storeReturn({});
    serve({ ...base, orderNumber: 'C0012345678', orderType: 'SALES_ORDER', parentSalesOrderNumber: null });
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(screen.queryByRole('heading', { name: 'Return in store' })).not.toBeInTheDocument();
  });
});
