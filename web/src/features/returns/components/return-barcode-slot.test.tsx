import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@/shared/api/types';
import { order, returnInstructions } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const RETURN = 'R0000000077';
const SVG = 'data:image/svg+xml;base64,PHN2Zy8+';
const BARCODE = { enabled: true, barcode: { value: RETURN, format: 'CODE128', height: 100, barWidth: 2 } };

function serve(actions: OrderDetail['actions']) {
  const instructions = returnInstructions(RETURN, { barcode: { value: RETURN, format: 'CODE128', image: SVG } });
  mockFetch([
    {
      path: `/orders/history/v1/${RETURN}`,
      respond: () => json(order({ orderNumber: RETURN, orderType: 'RETURN_ORDER', actions })),
    },
    { path: `/order_mgmt/return_instructions/v1/${RETURN}`, respond: () => json(instructions) },
  ]);
}

describe('the return barcode quick action', () => {
  it("opens the server-drawn barcode when the server's returnBarcode action is there, axe clean", async () => {
    serve({ returnBarcode: BARCODE });
    const { user } = renderApp(`/orders/returns/${RETURN}`, { member: true, flags: { useQuickActionCta: true } });
    await user.click(await screen.findByRole('button', { name: 'Show return barcode' }));
    const dialog = screen.getByRole('dialog', { name: 'Your return number' });
    expect(within(dialog).getByRole('img', { name: `Barcode of return ${RETURN}` })).toHaveAttribute('src', SVG);
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered without the action, or outside quick-action mode', async () => {
    serve({});
    const first = renderApp(`/orders/returns/${RETURN}`, { member: true, flags: { useQuickActionCta: true } });
    await screen.findByRole('heading', { level: 1, name: `Return ${RETURN}` });
    await screen.findByRole('link', { name: 'Return instructions' });
    expect(screen.queryByRole('button', { name: 'Show return barcode' })).not.toBeInTheDocument();
    first.unmount();
    serve({ returnBarcode: BARCODE });
    renderApp(`/orders/returns/${RETURN}`, { member: true });
    await screen.findByRole('link', { name: 'Return instructions' });
    expect(screen.queryByRole('button', { name: 'Show return barcode' })).not.toBeInTheDocument();
  });

  it("opens a sales order's return-to-store barcode, drawn by the server into the action", async () => {
    const detail = order({
      actions: { returnBarcode: { enabled: true, barcode: { ...BARCODE.barcode, value: '9001', image: SVG } } },
    });
    mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);
    const { user } = renderApp(`/orders/sales/${detail.orderNumber}`, {
      member: true,
      flags: { useQuickActionCta: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Show return barcode' }));
    const dialog = screen.getByRole('dialog', { name: 'Your return number' });
    expect(within(dialog).getByRole('img', { name: 'Barcode of return 9001' })).toHaveAttribute('src', SVG);
  });
});
