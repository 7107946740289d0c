import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { components } from '@/shared/api/schema';
import { order, returnInstructions } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

type Instructions = components['schemas']['ReturnInstructions'];

/** jsdom has no layout, so colour contrast is checked in the browser (e2e), not here. */
async function violations() {
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

const RETURN = 'R0000000091';

const instructionsRoute = (overrides: Partial<Instructions>) => ({
  path: `/order_mgmt/return_instructions/v1/${RETURN}`,
  respond: () => json(returnInstructions(RETURN, overrides)),
});

const returnOrderRoute = {
  path: `/orders/history/v1/${RETURN}`,
  respond: () => json(order({ orderNumber: RETURN, orderType: 'RETURN_ORDER', parentSalesOrderNumber: 'C0012345678' })),
};

const hours = (opensMinutes: number, closesMinutes: number) => ({ opensMinutes, closesMinutes });

const STORE: NonNullable<Instructions['store']> = {
  id: 'S-PDX',
  name: 'Portland Downtown',
  slug: 'portland-downtown',
  phone: '+1 503 555 0100',
  address: { address1: '638 SW 5th Ave', city: 'Portland', state: 'OR', postalCode: '97204', iso2Country: 'US' },
  timezone: 'America/Los_Angeles',
  defaultLanguage: 'en-US',
  facilityType: 'OWNED_STORE',
  latitude: '45.52',
  longitude: '-122.68',
  storeServices: [],
  isOpenNow: true,
  operationalDetails: {
    hoursOfOperation: { regularHours: {}, specialHours: [] },
    weekly: [
      { weekday: 'monday', hours: hours(600, 1260) },
      { weekday: 'tuesday', hours: hours(600, 1260) },
      { weekday: 'wednesday', hours: hours(600, 1260) },
      { weekday: 'thursday', hours: hours(600, 1260) },
      { weekday: 'friday', hours: hours(600, 1260) },
      // Open round the clock (walk minor 14).
      { weekday: 'saturday', hours: hours(0, 1440) },
      { weekday: 'sunday', hours: null },
    ],
    specialDays: [],
  },
};

describe('return instructions from the server', () => {
  it("follows the carrier's own title, steps and link instead of the generic steps (001 §2.2)", async () => {
    mockFetch([
      instructionsRoute({
        country: 'GB',
        returnMethod: 'DROPOFF_RETURN',
        variant: 'carrier',
        carrierName: 'Royal Mail',
        carrierInstructions: {
          carrierId: 'royal-mail',
          title: 'Your return with Royal Mail',
          selectionTitle: 'Drop off at Royal Mail',
          steps: [
            { title: 'Pack your items', description: 'Put the items in a sturdy parcel.' },
            { title: 'Attach the label', description: 'Stick the label on the parcel.' },
            { title: 'Drop it off', description: 'Take the parcel to a Royal Mail location.' },
          ],
          link: 'https://www.royalmail.com/track-your-item',
        },
      }),
    ]);
    renderApp(`/gb/orders/return-instructions/${RETURN}`, { member: true });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Your return with Royal Mail' });
    const steps = within(heading.closest('section') ?? document.body).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Pack your items Put the items in a sturdy parcel.',
      'Attach the label Stick the label on the parcel.',
      'Drop it off Take the parcel to a Royal Mail location.',
    ]);
    expect(screen.queryByText(/Attach the label and take the package to the carrier/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Royal Mail' })).toHaveAttribute(
      'href',
      'https://www.royalmail.com/track-your-item',
    );
    expect(await violations()).toEqual([]);
  });

  it('keeps the generic steps where the server sends no carrier text (the US)', async () => {
    mockFetch([instructionsRoute({ returnMethod: 'upsDropoff', variant: 'us', carrierName: 'UPS' })]);
    renderApp(`/orders/return-instructions/${RETURN}`, { member: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'What to do next' })).toBeInTheDocument();
    expect(screen.getByText('Print your label and attach it to the package.')).toBeInTheDocument();
  });

  it('names the store of a store return: address, phone and opening hours (walk minor 5)', async () => {
    mockFetch([instructionsRoute({ storeId: 'S-PDX', store: STORE })]);
    renderApp(`/orders/return-instructions/${RETURN}`, { member: true });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Your return store' })).closest('section');
    expect(card).not.toBeNull();
    const store = within(card as HTMLElement);
    expect(store.getByText('Portland Downtown')).toBeInTheDocument();
    expect(store.getByText('638 SW 5th Ave')).toBeInTheDocument();
    expect(store.getByText('Portland, OR 97204')).toBeInTheDocument();
    expect(store.getByRole('link', { name: '+1 503 555 0100' })).toHaveAttribute('href', 'tel:+15035550100');
    const table = store.getByRole('table', { name: 'Opening hours' });
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(within(table).getByRole('row', { name: /Sunday/ })).toHaveTextContent('Closed');
    expect(within(table).getByRole('row', { name: /Monday/ })).toHaveTextContent(/10:00\sAM – 9:00\sPM/);
    expect(within(table).getByRole('row', { name: /Saturday/ })).toHaveTextContent(/^SaturdayOpen 24 hours$/);
    expect(await violations()).toEqual([]);
  });

  it("gives a store return without a barcode (the server's barcode rule) its return number to show", async () => {
    mockFetch([instructionsRoute({ storeId: 'S-PDX', store: STORE })]);
    const first = renderApp(`/orders/return-instructions/${RETURN}`, { member: true });
    expect(await screen.findByText(`Return number ${RETURN}`)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Barcode of return/ })).not.toBeInTheDocument();
    first.unmount();
    const image = 'data:image/svg+xml;base64,PHN2Zy8+';
    mockFetch([instructionsRoute({ barcode: { value: RETURN, format: 'CODE128', image } })]);
    renderApp(`/orders/return-instructions/${RETURN}`, { member: true });
    expect(await screen.findByRole('img', { name: `Barcode of return ${RETURN}` })).toBeInTheDocument();
    expect(screen.queryByText(`Return number ${RETURN}`)).not.toBeInTheDocument();
  });
});

describe('the return order detail', () => {
  it('shows a pickup return its address and window (the courier-pickup variant)', async () => {
    mockFetch([
      returnOrderRoute,
      instructionsRoute({
        country: 'KR',
        returnMethod: 'courierPickup',
        variant: 'carrier',
        carrierName: 'CJ Logistics',
        pickup: {
          address: {
            name: 'Kim Minji',
            address1: '123 Teheran-ro',
            city: 'Seoul',
            postalCode: '06234',
            country: 'KR',
          },
          date: '2026-12-01',
          fromHour: 9,
          toHour: 13,
          confirmation: 'CJ-12345',
          cancelHelp: false,
        },
      }),
    ]);
    renderApp(`/orders/returns/${RETURN}`, { member: true });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Your pickup' })).closest('section');
    const pickup = within(card as HTMLElement);
    expect(pickup.getByText(/^Pickup on Tuesday, Dec 1, between 9:00\sAM and 1:00\sPM\.$/)).toBeInTheDocument();
    expect(pickup.getByText('123 Teheran-ro')).toBeInTheDocument();
    expect(pickup.getByText('Booking reference: CJ-12345')).toBeInTheDocument();
  });

  it('has no pickup block for a drop-off return', async () => {
    mockFetch([returnOrderRoute, instructionsRoute({ returnMethod: 'upsDropoff', variant: 'us' })]);
    renderApp(`/orders/returns/${RETURN}`, { member: true });
    await screen.findByRole('link', { name: 'Return instructions' });
    expect(screen.queryByRole('heading', { name: 'Your pickup' })).not.toBeInTheDocument();
  });

  it('goes to returnInstructionsEmea for a paperless return when the server says so (emeaPaperless)', async () => {
    mockFetch([
      returnOrderRoute,
      instructionsRoute({ country: 'GB', returnMethod: 'PAPERLESS_RETURN', variant: 'paperless', emeaDetails: true }),
    ]);
    const { currentUrl } = renderApp(`/gb/orders/returns/${RETURN}`, { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Return instructions' })).toBeInTheDocument();
    expect(currentUrl()).toBe(`/gb/orders/return-instructions-emea/${RETURN}`);
    // The EMEA page links back to the return order, which then stays.
    expect(screen.getByRole('link', { name: 'View return details' })).toHaveAttribute(
      'href',
      `/gb/orders/returns/${RETURN}?details=true`,
    );
  });

  it('stays on the return order detail without emeaDetails, or when asked to', async () => {
    mockFetch([
      returnOrderRoute,
      instructionsRoute({ country: 'GB', returnMethod: 'PAPERLESS_RETURN', variant: 'paperless', emeaDetails: true }),
    ]);
    const { currentUrl } = renderApp(`/gb/orders/returns/${RETURN}?details=true`, { member: true });
    expect(await screen.findByRole('link', { name: 'Return instructions' })).toHaveAttribute(
      'href',
      `/gb/orders/return-instructions-emea/${RETURN}`,
    );
    expect(currentUrl()).toBe(`/gb/orders/returns/${RETURN}?details=true`);
  });
});
