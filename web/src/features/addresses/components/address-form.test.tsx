import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the test reads the server's data files: one source of the layouts
import layouts from '../../../../../data/addresses/layouts.json';
// eslint-disable-next-line no-restricted-imports -- the test reads the server's data files: one source of the layouts
import labels from '../../../../../data/addresses/labels.json';
// eslint-disable-next-line no-restricted-imports -- the test reads the server's data files: one source of the layouts
import jpProvinces from '../../../../../data/addresses/provinces/jp.json';
// eslint-disable-next-line no-restricted-imports -- the test reads the server's data files: one source of the layouts
import cnProvinces from '../../../../../data/addresses/provinces/cn.json';
// eslint-disable-next-line no-restricted-imports -- the test reads the server's data files: one source of the layouts
import usProvinces from '../../../../../data/addresses/provinces/us.json';
import { json, mockFetch, type RecordedRequest } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

type RawLayout = {
  nameOrder: string;
  fields: { field: string; label: string; required?: boolean }[];
  postalCodes: string[];
};
const tables: Record<string, { entries: { code: string; name: string; local?: string }[] }> = {
  JP: jpProvinces,
  CN: cnProvinces,
  US: usProvinces,
};

/** What GET /addresses/v1/layouts/{country} answers, built from the same data files the server reads. */
function layoutView(country: string) {
  const raw = (layouts as unknown as Record<string, RawLayout>)[country.toLowerCase()] ?? layouts.default;
  return {
    country,
    layout: country.toLowerCase(),
    nameOrder: raw.nameOrder,
    // As domain::address::name_separator: no space in Chinese and Korean names.
    nameSeparator: ['CN', 'TW', 'KR'].includes(country.toUpperCase()) ? '' : ' ',
    postalCodes: raw.postalCodes,
    fields: raw.fields.map((entry) => ({
      field: entry.field,
      label: entry.label,
      labelText: (labels as Record<string, string>)[entry.label] ?? entry.label,
      required: entry.required ?? false,
    })),
    ...(tables[country] ? { provinces: tables[country].entries } : {}),
  };
}

/** The address book's calls; `added` answers the POST (by default: a 201 for the suggestion, else a 400). */
function serve(
  book: unknown[] = [],
  validation: unknown = { validated: false },
  added?: (request: RecordedRequest) => Response,
) {
  return mockFetch([
    {
      path: /^\/addresses\/v1\/layouts\/(\w+)$/,
      respond: (request: RecordedRequest) => json(layoutView(request.url.pathname.split('/').pop() ?? '')),
    },
    { path: '/addresses/v1/member-1/address', method: 'GET', respond: () => json(book) },
    {
      path: '/address/validation/v1',
      method: 'POST',
      respond: () => json(validation),
    },
    {
      path: '/addresses/v1/member-1/address',
      method: 'POST',
      respond: (request: RecordedRequest) =>
        added?.(request) ??
        (validation === SUGGESTION
          ? json({ ...(request.body as object), id: 'new-1', preferred: true }, 201)
          : json({ code: 'validation-failed', message: 'Please choose a valid state.', field: 'province' }, 400)),
    },
  ]);
}

const SUGGESTION = {
  validated: false,
  validatedAddress: {
    id: 'suggested',
    country: 'US',
    nameGiven: 'Jane',
    nameFamily: 'Carter',
    name: 'Jane Carter',
    line1: '1 Market Street',
    locality: 'San Francisco',
    province: 'CA',
    code: '94105-1234',
    phone: '4155550100',
  },
};

async function openForm(country: string) {
  const app = renderApp('/orders/addresses', { member: true });
  await app.user.click(await screen.findByRole('button', { name: 'Add an address' }));
  const form = await screen.findByRole('region', { name: 'Add an address' });
  await app.user.selectOptions(within(form).getByLabelText('Country/Region'), country);
  await within(form).findByRole('button', { name: 'Save address' });
  await waitFor(() => {
    expect(form.querySelector(`[data-field]`)).not.toBeNull();
  });
  return { ...app, form };
}

/** A complete US address typed into the open form. */
async function fillUsAddress(
  form: HTMLElement,
  user: Awaited<ReturnType<typeof openForm>>['user'],
  { street = '1 Market Street', city = 'San Francisco', zip = '94105' } = {},
) {
  const type = async (name: RegExp, text: string) => {
    await user.type(within(form).getByRole('textbox', { name }), text);
  };
  await type(/First Name/, 'Jane');
  await type(/Last Name/, 'Carter');
  await type(/Street Address/, street);
  await type(/City/, city);
  await user.selectOptions(within(form).getByRole('combobox', { name: /State/ }), 'CA');
  await type(/ZIP Code/, zip);
  await type(/Phone Number/, '4155550100');
}

const fieldOrder = (form: HTMLElement) =>
  [...form.querySelectorAll('[data-field]')].map((element) => element.getAttribute('data-field'));

describe('saved address form', () => {
  it('takes focus when it opens in place of its button (issue 31, keyboard)', async () => {
    const app = renderApp('/orders/addresses', { member: true });
    await app.user.click(await screen.findByRole('button', { name: 'Add an address' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Add an address' })).toHaveFocus();
  });

  it('lays out the US, JP and CN forms in their own order, labels and required marks', async () => {
    serve();
    const us = await openForm('US');
    expect(fieldOrder(us.form)).toEqual([
      'nameGiven',
      'nameFamily',
      'line1',
      'line2',
      'locality',
      'province',
      'code',
      'phone',
    ]);
    expect(within(us.form).getByRole('textbox', { name: /ZIP Code/ })).toBeRequired();
    expect(within(us.form).getByRole('combobox', { name: /State/ })).toBeRequired();
    expect(within(us.form).getByRole('textbox', { name: /Apt, Suite, Building/ })).not.toBeRequired();

    await us.user.selectOptions(within(us.form).getByLabelText('Country/Region'), 'JP');
    await waitFor(() => {
      expect(fieldOrder(us.form)[2]).toBe('code');
    });
    expect(fieldOrder(us.form)).toEqual([
      'nameGiven',
      'nameFamily',
      'code',
      'province',
      'locality',
      'line1',
      'line2',
      'phone',
    ]);
    const prefecture = within(us.form).getByRole('combobox', { name: /Prefecture/ });
    expect(within(prefecture).getAllByRole('option')).toHaveLength(48);
    expect(within(prefecture).getByRole('option', { name: 'Tokyo (東京都)' })).toBeInTheDocument();

    await us.user.selectOptions(within(us.form).getByLabelText('Country/Region'), 'CN');
    await waitFor(() => {
      expect(fieldOrder(us.form)[0]).toBe('nameFamily');
    });
    expect(fieldOrder(us.form)).toEqual([
      'nameFamily',
      'nameGiven',
      'province',
      'locality',
      'zone',
      'line1',
      'line2',
      'code',
      'phone',
    ]);
    expect(within(us.form).getByRole('textbox', { name: /District/ })).toBeRequired();
    expect(within(us.form).getByRole('textbox', { name: /Postal Code/ })).not.toBeRequired();
  });

  it('shows errors next to the field and moves focus to the first wrong one', async () => {
    serve();
    const { form, user } = await openForm('US');
    await user.type(within(form).getByRole('textbox', { name: /First Name/ }), 'Jane');
    await user.type(within(form).getByRole('textbox', { name: /ZIP Code/ }), '9410');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    const lastName = within(form).getByRole('textbox', { name: /Last Name/ });
    await waitFor(() => {
      expect(lastName).toHaveFocus();
    });
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(lastName).toHaveAccessibleDescription('Last Name is required.');
    expect(within(form).getByRole('textbox', { name: /ZIP Code/ })).toHaveAccessibleDescription(
      'Please enter a valid postal code.',
    );
  });

  it('refuses a phone number the server would refuse before sending the form (walk M11)', async () => {
    const { requests } = serve();
    const { form, user } = await openForm('US');
    const phone = within(form).getByRole('textbox', { name: /Phone/ });
    await user.type(phone, 'abc');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => {
      expect(phone).toHaveAccessibleDescription('Please enter a valid phone number.');
    });
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    await user.clear(phone);
    await user.type(phone, '+1 (415) 555-0100');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => {
      expect(phone).not.toHaveAccessibleDescription('Please enter a valid phone number.');
    });
  });

  it('puts a field the server refuses next to its field, with focus', async () => {
    serve();
    const { form, user } = await openForm('US');
    await fillUsAddress(form, user);
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    // The validator could not verify it: the modal offers the entered address only.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your address' });
    expect(
      within(dialog).getByText("We couldn't verify your address. Please review it before you continue."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use this address' }));
    const state = within(form).getByRole('combobox', { name: /State/ });
    await waitFor(() => {
      expect(state).toHaveFocus();
    });
    expect(state).toHaveAccessibleDescription('Please choose a valid state.');
  });

  it('offers the entered and the suggested address, and saves the one picked', async () => {
    const { requests } = serve([], SUGGESTION);
    const { form, user } = await openForm('US');
    await fillUsAddress(form, user, { street: '1 market st', city: 'san francisco', zip: '941051234' });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your address' });
    expect(
      within(dialog).getByText(/did find a close match\. Please pick which address you'd like to use\.$/),
    ).toBeInTheDocument();
    const suggested = within(dialog).getByRole('radio', { name: /Suggested/ });
    const entered = within(dialog).getByRole('radio', { name: /As entered/ });
    expect(suggested).toBeChecked();
    expect(within(dialog).getByText('1 Market Street')).toBeInTheDocument();
    expect(within(dialog).getByText('1 market st')).toBeInTheDocument();
    await user.click(entered);
    await user.click(suggested);
    await user.click(within(dialog).getByRole('button', { name: 'Use this address' }));
    await waitFor(() => {
      expect(requests.some((request) => request.method === 'POST' && request.url.pathname.endsWith('/address'))).toBe(
        true,
      );
    });
    const saved = requests.find((request) => request.method === 'POST' && request.url.pathname.endsWith('/address'));
    expect(saved?.body).toMatchObject({ line1: '1 Market Street', code: '94105-1234', preferred: true });
    expect(saved?.body).not.toHaveProperty('id', 'suggested');
  });

  it('says so when an added address comes back without an id (spec 002 §7)', async () => {
    serve([], { validated: true }, (request) => json({ ...(request.body as object) }, 201));
    const { form, user } = await openForm('US');
    await fillUsAddress(form, user);
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "Your address was saved, but we couldn't get it back to use it. Please reload the page and try again.",
    );
  });
});
