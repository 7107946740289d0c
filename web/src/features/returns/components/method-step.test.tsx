import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { expect, it } from 'vitest';
import { I18nProvider } from '@/shared/i18n/i18n-context';
import { resolveLocale } from '@/shared/i18n/locale-table';
import type { ReturnMethodOption } from '../model/return-options';
import { MethodStep } from './method-step';

/** Royal Mail's two ways in the United Kingdom, as the server's carrier data titles them. */
const paperless: ReturnMethodOption = {
  id: 'PAPERLESS_RETURN|ROYAL_MAIL',
  method: 'PAPERLESS_RETURN',
  serviceType: 'PAPERLESS',
  carrier: 'ROYAL_MAIL',
  carrierName: 'Royal Mail',
  selectionTitle: 'Show a QR code at Royal Mail, no printer needed',
  price: 0,
};
const printable: ReturnMethodOption = {
  id: 'DROPOFF_RETURN|ROYAL_MAIL',
  method: 'DROPOFF_RETURN',
  serviceType: 'CARRIER_DROP_OFF',
  carrier: 'ROYAL_MAIL',
  carrierName: 'Royal Mail',
  selectionTitle: 'Drop off at Royal Mail',
  price: 0,
  alternativeOf: paperless.id,
};

const store: ReturnMethodOption = {
  id: 'returnToStore',
  method: 'returnToStore',
  serviceType: 'STORE_DROP_OFF',
  price: 0,
};

function renderStep(
  methods: ReturnMethodOption[],
  chosen: ReturnMethodOption | null,
  { isGuest = false, signInPath = null }: { isGuest?: boolean; signInPath?: string | null } = {},
) {
  const memory = memoryLocation({ path: '/gb/en/orders' });
  return render(
    <Router hook={memory.hook}>
      <I18nProvider locale={resolveLocale('gb', 'en')} fallback={<p>…</p>}>
        <MethodStep
          methods={methods}
          chosen={chosen}
          currency="GBP"
          isGuest={isGuest}
          signInPath={signInPath}
          proofOfPurchase={false}
          onChoose={() => undefined}
        />
      </I18nProvider>
    </Router>,
  );
}

it('says "no printer needed" once in a carrier box with the paperless sub-choice (walk: it read twice)', async () => {
  renderStep([paperless, printable], paperless);
  const box = await screen.findByRole('group', { name: 'How do you want to send it?' });
  // The box names the carrier; its sub-choices say which way.
  expect(screen.getByRole('radio', { name: /^Scannable code\s*Royal Mail\s*Free$/ })).toBeChecked();
  expect(screen.getAllByText(/no printer needed/i)).toHaveLength(1);
  expect(within(box).getByRole('radio', { name: /Scannable code.*no printer needed/ })).toBeChecked();
  expect(within(box).getByRole('radio', { name: /Carrier drop-off.*Drop off at Royal Mail/ })).not.toBeChecked();
  // No layout in jsdom (contrast) and no page around the step (landmarks).
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

it('says the paperless description once where the carrier gives no titles', async () => {
  const untitled = [paperless, printable].map((method) => ({ ...method, selectionTitle: null }));
  renderStep(untitled, untitled[0]!);
  await screen.findByRole('group', { name: 'How do you want to send it?' });
  expect(screen.getAllByText(/no printer needed/i)).toHaveLength(1);
  expect(screen.getByText('Print a label and drop the package off at a carrier location.')).toBeInTheDocument();
});

it('keeps the carrier title and description in a box of one method', async () => {
  renderStep([{ ...paperless }], paperless);
  expect(await screen.findByRole('radio', { name: /Scannable code.*no printer needed/ })).toBeChecked();
  expect(screen.getByText('No printer needed: show a code at the drop-off point.')).toBeInTheDocument();
});

it("offers a guest sign-in on a carrier's drop-off box, free or not, and not on the store return (L572)", async () => {
  renderStep([store, paperless, printable], null, { isGuest: true, signInPath: '/orders/signin?redirectPath=here' });
  const carrier = (await screen.findByRole('radio', { name: /Royal Mail/ })).closest('.return-method') as HTMLElement;
  expect(carrier).toHaveTextContent('Members return for free.');
  expect(within(carrier).getByRole('link', { name: 'Log in for free shipping' })).toHaveAttribute(
    'href',
    '/orders/signin?redirectPath=here',
  );
  const storeBox = screen.getByRole('radio', { name: /Return to a store/ }).closest('.return-method') as HTMLElement;
  expect(storeBox).not.toHaveTextContent('Members return for free');
  // The link is beside the radio, not part of its name.
  expect(screen.getByRole('radio', { name: /Royal Mail/ })).not.toHaveAccessibleName(/Log in/);
});

it('says members return free without a link where sign-in is not offered, and nothing to members', async () => {
  const first = renderStep([paperless, printable], null, { isGuest: true, signInPath: null });
  expect(await screen.findByText('Members return for free.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Log in for free shipping' })).not.toBeInTheDocument();
  first.unmount();
  renderStep([paperless, printable], null);
  await screen.findByRole('radio', { name: /Royal Mail/ });
  expect(screen.queryByText(/Members return for free/)).not.toBeInTheDocument();
});

it("names a carrier's box once in the change-your-mind list, and lists nothing before a choice (L433)", async () => {
  const first = renderStep([store, paperless, printable], null);
  await screen.findByRole('radio', { name: /Royal Mail/ });
  expect(screen.queryByRole('region', { name: 'Changed your mind?' })).not.toBeInTheDocument();
  first.unmount();
  renderStep([store, paperless, printable], store);
  const list = await screen.findByRole('region', { name: 'Changed your mind?' });
  expect(within(list).getAllByRole('button')).toHaveLength(1);
  expect(within(list).getByRole('button', { name: /^Scannable code\s*Royal Mail\s*Free$/ })).toBeInTheDocument();
  // The chosen box stands alone above the list.
  expect(screen.getAllByRole('radio')).toHaveLength(1);
  expect(screen.getByRole('radio', { name: /Return to a store/ })).toBeChecked();
});
