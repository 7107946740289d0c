import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { expect, it } from 'vitest';
import { usAddressLayout } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const address = (id: string, name: string, preferred: boolean) => ({
  id,
  country: 'US',
  name,
  line1: '1 Market Street',
  locality: 'San Francisco',
  province: 'CA',
  code: '94105',
  phone: '4155550100',
  preferred,
});

function serve(book: ReturnType<typeof address>[]) {
  return mockFetch([
    { path: '/addresses/v1/member-1/address', respond: () => json(book) },
    { path: '/addresses/v1/layouts/US', respond: () => json({ message: 'no layout' }, 404) },
  ]);
}

const cardOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 10_000 })).closest('li')!;

it('keeps the preferred address until another is made preferred (walk minor 24)', async () => {
  serve([address('a1', 'Ada Lovelace', true), address('a2', 'Grace Hopper', false)]);
  renderApp('/orders/addresses', { member: true });
  const preferred = within(await cardOf('Ada Lovelace'));
  expect(preferred.getByText('Preferred address')).toBeInTheDocument();
  expect(preferred.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  expect(preferred.getByText('To delete it, first make another address your preferred address.')).toBeInTheDocument();
  const other = within(await cardOf('Grace Hopper'));
  expect(other.getByRole('button', { name: /^Delete the address of/ })).toBeInTheDocument();
  expect(other.getByRole('button', { name: /^Make the address of .* preferred/ })).toBeInTheDocument();
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

it('lets the only address go, preferred or not', async () => {
  serve([address('a1', 'Ada Lovelace', true)]);
  renderApp('/orders/addresses', { member: true });
  const only = within(await cardOf('Ada Lovelace'));
  expect(only.getByRole('button', { name: /^Delete the address of/ })).toBeInTheDocument();
  expect(only.queryByText(/first make another address/)).not.toBeInTheDocument();
});

it('says the rule in German too', async () => {
  serve([address('a1', 'Ada Lovelace', true), address('a2', 'Grace Hopper', false)]);
  renderApp('/de/de/orders/addresses', { member: true });
  const preferred = within(await cardOf('Ada Lovelace'));
  expect(
    preferred.getByText('Um sie zu löschen, lege zuerst eine andere Adresse als Standardadresse fest.'),
  ).toBeInTheDocument();
});

it('writes a US address the way the order pages do: "San Francisco, CA 94105", not one field a line (walk M11)', async () => {
  mockFetch([
    { path: '/addresses/v1/member-1/address', respond: () => json([address('a1', 'Ada Lovelace', true)]) },
    {
      path: '/addresses/v1/layouts/US',
      respond: () => json(usAddressLayout()),
    },
  ]);
  renderApp('/orders/addresses', { member: true });
  const card = await cardOf('Ada Lovelace');
  const lines = [...card.querySelectorAll('address > span')].map((line) => line.textContent);
  expect(lines).toEqual(['Ada Lovelace', '1 Market Street', 'San Francisco, CA 94105', 'United States']);
});
