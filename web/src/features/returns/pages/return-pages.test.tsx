import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { order, returnOptions } from '@/test/fixtures';
import { deferred, json, mockFetch } from '@/test/mock-fetch';
import { configRoute, countryConfig } from '@/test/country-config';
import { renderApp } from '@/test/render-app';
import type { components } from '@/shared/api/schema';

/** jsdom has no layout, so colour contrast is checked in the browser (e2e), not here. */
async function violations() {
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

const RETURN = 'R0000000042';
const PNG = 'iVBORw0KGgo=';
const SVG = 'data:image/svg+xml;base64,PHN2Zy8+';

/** The server's instructions of RETURN (GET /order_mgmt/return_instructions/v1/{n}). */
function instructionsRoute(overrides: Partial<components['schemas']['ReturnInstructions']>) {
  const body: components['schemas']['ReturnInstructions'] = {
    returnOrderNumber: RETURN,
    orderNumber: 'C0012345678',
    country: 'US',
    returnMethod: 'upsDropoff',
    variant: 'us',
    labelOffered: true,
    emeaDetails: false,
    showSteps: true,
    bankRefundOffered: false,
    paperlessConfirmation: false,
    ...overrides,
  };
  return { path: `/order_mgmt/return_instructions/v1/${RETURN}`, respond: () => json(body) };
}

describe('return instructions', () => {
  it('opens the return-code modal by itself after a new EMEA paperless return, with the code as text', async () => {
    mockFetch([
      instructionsRoute({
        country: 'GB',
        returnMethod: 'PAPERLESS_RETURN',
        variant: 'paperless',
        carrierName: 'Royal Mail',
        codeWaitMinutes: 15,
      }),
      {
        path: `/order_mgmt/user_return_labels/v1/${RETURN}`,
        respond: () =>
          json({
            carrier: 'Royal Mail',
            labelFormat: 'PNG',
            returnLabel: PNG,
            dropOffCode: { data: 'RM-7K3M-9QXR' },
            isEmeaPaperless: true,
          }),
      },
    ]);
    const { user } = renderApp(`/gb/orders/return-instructions-emea/${RETURN}?pageView=true`, {
      visitor: { email: 'jane@example.com' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your return code' });
    expect(within(dialog).getByRole('img', { name: 'QR code for return code RM-7K3M-9QXR' })).toHaveAttribute(
      'src',
      `data:image/png;base64,${PNG}`,
    );
    expect(dialog).toHaveTextContent('Code: RM-7K3M-9QXR');
    expect(
      screen.getByText('Your return code can take up to 15 minutes to work at the drop-off point.'),
    ).toBeInTheDocument();
    expect(await violations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A paperless label is the code itself: no download, e-mail or post.
    expect(screen.queryByRole('button', { name: 'Download label' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show return code' }));
    expect(screen.getByRole('dialog', { name: 'Your return code' })).toBeInTheDocument();
  });

  it('opened later in another tab, reads everything from the server: the code wait and the bank-refund link', async () => {
    mockFetch([
      instructionsRoute({
        country: 'NL',
        returnMethod: 'PAPERLESS_RETURN',
        variant: 'paperless',
        codeWaitMinutes: 15,
        bankRefundOffered: true,
      }),
      { path: `/order_mgmt/user_return_labels/v1/${RETURN}`, respond: () => json({ code: 'internal' }, 500) },
    ]);
    renderApp(`/gb/orders/return-instructions-emea/${RETURN}`, { visitor: { email: 'jane@example.com' } });
    expect(
      await screen.findByText('Your return code can take up to 15 minutes to work at the drop-off point.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/up to 30 minutes/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /bank/i })).toHaveAttribute(
      'href',
      expect.stringContaining('/orders/refund/C0012345678'),
    );
  });

  it('offers no bank refund to a card payer, and says so when the return cannot be loaded', async () => {
    mockFetch([
      {
        path: `/order_mgmt/return_instructions/v1/${RETURN}`,
        respond: () => json({ code: 'service-order-detail-failure', message: 'x' }, 404),
      },
    ]);
    renderApp(`/orders/return-instructions/${RETURN}`, { member: true });
    expect(await screen.findByText("We couldn't load this return.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /bank/i })).not.toBeInTheDocument();
  });

  it('e-mails the label after a confirm, shows sending, then sent; a failed post offers retry', async () => {
    const email = deferred();
    let posts = 0;
    mockFetch([
      configRoute(countryConfig('us')),
      instructionsRoute({ carrierName: 'UPS' }),
      {
        path: `/order_mgmt/user_return_labels/v1/${RETURN}`,
        respond: () =>
          json({ carrier: 'UPS', labelFormat: 'PDF', returnLabel: 'JVBERi0=', dropOffCode: { data: '1Z999' } }),
      },
      {
        method: 'POST',
        path: '/order_mgmt/user_return_labels_dispatch/v1',
        respond: (request) => {
          if ((request.body as { dispatchType: string }).dispatchType === 'EMAIL') return email.promise;
          posts += 1;
          return posts === 1 ? json({ code: 'internal', message: 'x' }, 500) : json({ dispatchType: 'POST' });
        },
      },
    ]);
    const { user } = renderApp(`/orders/return-instructions/${RETURN}`, { member: true, loadConfig: true });
    // Without pageView the code modal waits to be asked for.
    await user.click(await screen.findByRole('button', { name: 'E-mail label' }));
    expect(screen.queryByRole('dialog', { name: 'Your return code' })).not.toBeInTheDocument();
    const confirm = screen.getByRole('dialog', { name: 'E-mail your label?' });
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    email.resolve(json({ dispatchType: 'EMAIL', sentTo: 'j***@example.com' }));
    expect(await screen.findByText("We've e-mailed your label.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send by post' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Post your label?' })).getByRole('button', { name: 'Send' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Return Label Not Mailed');
    expect(within(alert).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      countryConfig('us').help.contact,
    );
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your label is in the post and arrives in 5-7 business days.')).toBeInTheDocument();
  });

  it('shows the return number for the store to scan and no label for a store return', async () => {
    const { requests } = mockFetch([
      instructionsRoute({
        returnMethod: 'returnToStore',
        variant: 'store',
        labelOffered: false,
        barcode: { value: RETURN, format: 'CODE128', image: SVG },
      }),
    ]);
    renderApp(`/orders/return-instructions/${RETURN}?pageView=true&emailSent=true`, { member: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Your return number' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `Barcode of return ${RETURN}` })).toHaveAttribute('src', SVG);
    expect(await violations()).toEqual([]);
    expect(screen.getByText("We've e-mailed you these instructions.")).toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname.includes('user_return_labels'))).toHaveLength(0);
  });
});

describe('bank refund', () => {
  it('keeps submit off until the names and a valid IBAN are there, and shows the server refusal on the field', async () => {
    let calls = 0;
    const { requests } = mockFetch([
      {
        path: '/orders/history/v1/C0012345678',
        respond: () => json(order({ orderNumber: 'C0012345678', country: 'NL' })),
      },
      {
        method: 'POST',
        path: '/order_mgmt/bank_refund/v1',
        respond: () => {
          calls += 1;
          return calls === 1
            ? json({ code: 'validation-failed', message: 'Invalid IBAN', field: 'accountDetails.iban' }, 400)
            : json({ orderNumber: 'C0012345678', ibanLast4: '3000', email: 'jane@example.com' });
        },
      },
    ]);
    const { user, currentUrl } = renderApp('/nl/orders/refund/C0012345678?pageView=true&returnNumber=R0000000042', {
      member: true,
    });
    const submit = await screen.findByRole('button', { name: 'Doorgaan' });
    await user.type(screen.getByLabelText('Voornaam rekeninghouder'), 'A'.repeat(30));
    expect(screen.getByLabelText('Voornaam rekeninghouder')).toHaveValue('A'.repeat(24));
    await user.type(screen.getByLabelText('Achternaam rekeninghouder'), 'Visser');
    // Not the shape of an IBAN: said at once. (The check digits are the server's to check, below.)
    await user.type(screen.getByLabelText('IBAN'), 'NL91ABNA04');
    await user.tab();
    expect(screen.getByText('Ongeldige IBAN')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('IBAN'));
    await user.type(screen.getByLabelText('IBAN'), 'NL91 ABNA 0417 1643 00');
    await user.click(submit);
    expect(await screen.findByText('Ongeldige IBAN')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('IBAN'));
    await user.type(screen.getByLabelText('IBAN'), 'DE89370400440532013000');
    await user.click(submit);
    await screen.findByRole('heading', { level: 1, name: 'We hebben je bankgegevens' });
    expect(currentUrl()).toBe('/nl/orders/refund-confirmation/C0012345678?pageView=true&returnNumber=R0000000042');
    expect(screen.getByText(/eindigend op •••• 3000/)).toBeInTheDocument();
    expect(requests.at(-1)?.body).toMatchObject({
      accountDetails: { iban: 'DE89370400440532013000', owner: { firstName: 'A'.repeat(24), lastName: 'Visser' } },
      email: 'jane@example.com',
    });
    expect(JSON.stringify(sessionStorage)).not.toContain('DE89370400440532013000');
  });

  it('opens Form Not Submitted on a network failure, with retry', async () => {
    mockFetch([
      {
        path: '/orders/history/v1/C0012345678',
        respond: () => json(order({ orderNumber: 'C0012345678', country: 'NL' })),
      },
      {
        method: 'POST',
        path: '/order_mgmt/bank_refund/v1',
        respond: () => json({ code: 'internal', message: 'x' }, 503),
      },
    ]);
    const { user } = renderApp('/gb/orders/refund/C0012345678', { member: true });
    await user.type(await screen.findByLabelText('Account holder first name'), 'Anna');
    await user.type(screen.getByLabelText('Account holder last name'), 'Visser');
    await user.type(screen.getByLabelText('IBAN'), 'NL91ABNA0417164300');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Form not submitted' });
    expect(dialog).toHaveTextContent("We couldn't process your refund because of a network error.");
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('EU right of withdrawal', () => {
  /** The return options of a German order, with the withdrawal fields given. */
  const withdrawalOptions = (withdrawal: Parameters<typeof returnOptions>[0]) => ({
    path: '/order_mgmt/return_options/v1/C0012345678',
    respond: () => json(returnOptions({ orderNumber: 'C0012345678', country: 'DE', currency: 'EUR', ...withdrawal })),
  });

  it('records the declaration without a reason, shows when it was received and leads into the return methods', async () => {
    const { requests } = mockFetch([
      withdrawalOptions({ withdrawalAvailable: true, withdrawalDeadline: '2026-11-30T10:00:00Z' }),
      {
        method: 'POST',
        path: '/order_mgmt/withdrawal/v1',
        respond: () =>
          json(
            {
              orderNumber: 'C0012345678',
              lineNumbers: [1],
              declaredAt: '2026-11-23T11:30:00Z',
              deadline: '2026-11-30T10:00:00Z',
              emailSent: true,
            },
            201,
          ),
      },
    ]);
    const { user } = renderApp('/gb/orders/withdrawal/C0012345678', { member: true });
    expect(await screen.findByText('You can withdraw until 30 November 2026.')).toBeInTheDocument();
    expect(await violations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Withdraw from contract' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have withdrawn from the contract' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We received your withdrawal on 23 November 2026 at');
    expect(screen.getByRole('link', { name: 'Choose how to return' })).toHaveAttribute(
      'href',
      '/gb/orders/return-items/C0012345678',
    );
    expect(requests.at(-1)?.body).toEqual({ orderNumber: 'C0012345678', locale: 'en-GB' });
  });

  it('says so when the period is over', async () => {
    mockFetch([withdrawalOptions({ withdrawalAvailable: false })]);
    renderApp('/orders/withdrawal/C0012345678', { member: true });
    expect(await screen.findByText(/The withdrawal period for this order has ended/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw from contract' })).not.toBeInTheDocument();
  });
});
