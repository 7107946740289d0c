import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { components } from '@/shared/api/schema';
import type { OrderDetail } from '@/shared/api/types';
import { configRoute, countryConfig } from '@/test/country-config';
import { order, returnInstructions } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const RETURN = 'R0000000077';
const SVG = 'data:image/svg+xml;base64,PHN2Zy8+';

/** The server's returnBarcode action: the spec's barcode rule allows the return's barcode. */
const BARCODE_ALLOWED: OrderDetail['actions'] = {
  returnBarcode: { enabled: true, barcode: { value: RETURN, format: 'CODE128', height: 100, barWidth: 2 } },
};

function routes(instructions: Partial<components['schemas']['ReturnInstructions']>, actions = BARCODE_ALLOWED) {
  const body = returnInstructions(RETURN, instructions);
  return [
    {
      path: `/orders/history/v1/${RETURN}`,
      respond: () =>
        json(order({ orderNumber: RETURN, orderType: 'RETURN_ORDER', parentSalesOrderNumber: 'C0012345678', actions })),
    },
    { path: `/order_mgmt/return_instructions/v1/${RETURN}`, respond: () => json(body) },
    {
      path: `/order_mgmt/user_return_labels/v1/${RETURN}`,
      respond: () =>
        json({ carrier: 'UPS', labelFormat: 'PDF', returnLabel: 'JVBERi0=', dropOffCode: { data: '1Z9' } }),
    },
  ];
}

describe('the return order detail', () => {
  it("shows a store return's barcode from the server, reopened with nothing remembered", async () => {
    const { requests } = mockFetch(routes({ barcode: { value: RETURN, format: 'CODE128', image: SVG } }));
    renderApp(`/orders/returns/${RETURN}`, { member: true });
    expect(await screen.findByRole('img', { name: `Barcode of return ${RETURN}` })).toHaveAttribute('src', SVG);
    expect(screen.getByRole('link', { name: 'Return instructions' })).toHaveAttribute(
      'href',
      `/orders/return-instructions/${RETURN}`,
    );
    expect(requests.some((request) => request.url.pathname.includes('user_return_labels'))).toBe(false);
  });

  it("offers a carrier return's label: download, e-mail and post, and its drop-off code", async () => {
    mockFetch(routes({ returnMethod: 'upsDropoff', variant: 'us', labelOffered: true }));
    renderApp(`/orders/returns/${RETURN}`, { member: true });
    expect(await screen.findByRole('button', { name: 'Download label' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-mail label' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show return code' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Barcode of return/ })).not.toBeInTheDocument();
  });

  it('draws no barcode where the order has no returnBarcode action (the barcode rule forbids it)', async () => {
    mockFetch(routes({ barcode: { value: RETURN, format: 'CODE128', image: SVG } }, {}));
    renderApp(`/orders/returns/${RETURN}`, { member: true });
    await screen.findByRole('link', { name: 'Return instructions' });
    expect(screen.queryByRole('img', { name: /Barcode of return/ })).not.toBeInTheDocument();
  });

  it("tells how to cancel a booked courier pickup while the return is created, by the country's returns line", async () => {
    const pickup: components['schemas']['ReturnPickup'] = {
      address: {
        name: '김민수',
        address1: '123 Teheran-ro',
        city: 'Seoul',
        postalCode: '06234',
        country: 'KR',
        phone: '01012345678',
      },
      date: '2026-12-03',
      fromHour: 9,
      toHour: 18,
      confirmation: 'CJ-1',
      cancelHelp: true,
    };
    const config = countryConfig('kr');
    config.help.returnsPhone = '+8215880000';
    mockFetch([configRoute(config), ...routes({ returnMethod: 'courierPickup', variant: 'carrier', pickup })]);
    const first = renderApp(`/kr/en/orders/returns/${RETURN}`, { member: true, loadConfig: true });
    const call = await screen.findByRole('link', { name: /To cancel the pickup before the courier comes, call/ });
    expect(call).toHaveAttribute('href', 'tel:+8215880000');
    first.unmount();
    // Once the return is on its way (the server says no cancel help), nothing is said.
    mockFetch([
      configRoute(config),
      ...routes({ returnMethod: 'courierPickup', variant: 'carrier', pickup: { ...pickup, cancelHelp: false } }),
    ]);
    renderApp(`/kr/en/orders/returns/${RETURN}`, { member: true, loadConfig: true });
    await screen.findByRole('heading', { name: 'Your pickup' });
    expect(screen.queryByRole('link', { name: /To cancel the pickup/ })).not.toBeInTheDocument();
  });
});
