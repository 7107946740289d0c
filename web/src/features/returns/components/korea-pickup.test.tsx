import { screen, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import type { components } from '@/shared/api/schema';
import { order, returnLine, returnMethod, returnOptions } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const ORDER = 'K0012345678';
type MethodView = components['schemas']['MethodView'];

/** The order's two routes: its detail and its return options (one shoe, the given methods). */
const koreaOrder = (methods: MethodView[]) => [
  {
    path: `/orders/history/v1/${ORDER}`,
    respond: () => json(order({ orderNumber: ORDER, country: 'KR', currency: 'KRW' })),
  },
  {
    path: `/order_mgmt/return_options/v1/${ORDER}`,
    respond: () =>
      json(
        returnOptions({
          orderNumber: ORDER,
          country: 'KR',
          currency: 'KRW',
          orderLines: [
            returnLine({ lineNumber: 1, gtin: '00012345678905', unitRefund: { amount: '129000', currency: 'KRW' } }),
          ],
          methods,
          reasons: [{ appCode: 'tooBig', reasonCode: '1', text: '사이즈가 맞지 않음' }],
        }),
      ),
  },
];
const address = (index: number) => ({
  id: `a${String(index)}`,
  country: 'KR',
  name: `김민지 ${String(index)}`,
  line1: `테헤란로 ${String(index)}`,
  locality: '강남구',
  province: '서울특별시',
  code: '06236',
  phone: '01012345678',
  preferred: index === 1,
});

/** The courier pickup method with its windows. */
const courierPickup = (pickupSlots: MethodView['pickupSlots']) =>
  returnMethod(
    {
      id: 'courierPickup|cj',
      returnMethod: 'courierPickup',
      serviceType: 'PICK_UP',
      carrierId: 'cj',
      carrierName: 'CJ대한통운',
      pickupSlots,
    },
    'KRW',
  );

beforeEach(() => {
  localStorage.clear();
});

it('books a Korea courier pickup: address list in pages of 5, the suggested address, a window, then submit', async () => {
  const { requests } = mockFetch([
    ...koreaOrder([
      courierPickup([
        { date: '2026-11-24', fromHour: 9, toHour: 13 },
        { date: '2026-11-25', fromHour: 14, toHour: 18 },
      ]),
    ]),
    { path: '/addresses/v1/member-1/address', respond: () => json([1, 2, 3, 4, 5, 6].map(address)) },
    {
      method: 'POST',
      path: '/address/validation/v1',
      respond: () =>
        json({ validated: false, validatedAddress: { ...address(6), line1: '테헤란로 6길', code: '06237' } }),
    },
    {
      method: 'PUT',
      path: '/addresses/v1/member-1/address/a6',
      respond: (request) => json({ ...(request.body as object), id: 'a6' }),
    },
    {
      method: 'POST',
      path: '/order_mgmt/user_return_captures/v1',
      respond: () => json({ jobId: 'J9', response: { returnOrderNumber: 'R0000000099' } }, 202),
    },
    {
      path: '/order_mgmt/user_return_captures_jobs/v1/J9',
      respond: () => json({ id: 'J9', status: 'COMPLETED', response: { returnOrderNumber: 'R0000000099' } }),
    },
  ]);
  const { user } = renderApp(`/kr/orders/return-items/${ORDER}?selected=00012345678905`, { member: true });
  await user.selectOptions(await screen.findByLabelText('반품 사유'), 'tooBig');
  await user.click(screen.getAllByRole('button', { name: '계속' })[0]!);
  // The only method is chosen by itself (spec 001 §5).
  expect(await screen.findByRole('radio', { name: /택배 회수/ })).toBeChecked();
  await user.click(screen.getAllByRole('button', { name: '계속' })[0]!);

  const list = await screen.findByRole('group', { name: '회수 주소 선택' });
  expect(within(list).getAllByRole('radio')).toHaveLength(5);
  expect(screen.getByText('6개 중 1-5')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: '다음' }));
  await user.click(within(list).getByRole('radio', { name: /김민지 6/ }));
  const dialog = await screen.findByRole('dialog', { name: '주소 확인' });
  expect(dialog).toHaveTextContent('입력하신 주소를 정확히 확인하지 못했지만 비슷한 주소를 찾았습니다.');
  await user.click(within(dialog).getByRole('button', { name: '추천 주소 사용' }));
  const submit = () => screen.getAllByRole('button', { name: '반품 신청' })[0]!;
  expect(submit()).toBeDisabled();
  await user.click(screen.getByRole('radio', { name: /14:00-18:00/ }));
  await user.click(submit());
  expect(await screen.findByText('반품이 신청되었습니다')).toBeInTheDocument();

  // Only the addresses of the order's country are asked for (spec 002 §4: the server filters).
  const book = requests.find((request) => request.url.pathname === '/addresses/v1/member-1/address');
  expect(book?.url.searchParams.get('country')).toBe('KR');
  const validation = requests.find((request) => request.url.pathname === '/address/validation/v1');
  // The server checks a Korean address in Korean by itself (domain::address::validation_language).
  expect(validation?.body).toMatchObject({ address: { id: 'a6', country: 'KR' } });
  expect(validation?.body).not.toHaveProperty('language');
  // The suggestion taken is saved over the address it was suggested for, its preferred flag kept.
  const saved = requests.find((request) => request.method === 'PUT');
  expect(saved?.body).toMatchObject({ id: 'suggested', originalId: 'a6', line1: '테헤란로 6길', code: '06237' });
  expect(saved?.body).not.toHaveProperty('preferred');
  const capture = requests.find((request) => request.url.pathname === '/order_mgmt/user_return_captures/v1');
  // Spelled as the document's CaptureRequest (the server's PickupAddress: address1, not line1), so a
  // renamed field fails to compile here as well as in the wizard.
  const pickup: components['schemas']['PickupInput'] = {
    address: {
      name: '김민지 6',
      address1: '테헤란로 6길',
      city: '강남구',
      state: '서울특별시',
      postalCode: '06237',
      country: 'KR',
      phone: '01012345678',
    },
    slot: { date: '2026-11-25', fromHour: 14, toHour: 18 },
  };
  expect(capture?.body).toMatchObject({ methodId: 'courierPickup|cj', pickup });
  expect(capture?.body).not.toHaveProperty('pickup.address.line1');
}, 20_000);

it('creates nothing online for a store return in Korea and says what to bring', async () => {
  const { requests } = mockFetch(
    koreaOrder([
      returnMethod({ id: 'courierPickup|cj', returnMethod: 'courierPickup', carrierId: 'cj' }, 'KRW'),
      returnMethod({ id: 'returnToStore', returnMethod: 'returnToStore', createsReturn: false }, 'KRW'),
    ]),
  );
  const { user } = renderApp(`/kr/orders/return-items/${ORDER}?selected=00012345678905`, {
    member: true,
    flags: { enableStoreSelector: false, sendStoreReturnEmail: true, emeaPaperless: true },
  });
  await user.selectOptions(await screen.findByLabelText('반품 사유'), 'tooBig');
  await user.click(screen.getAllByRole('button', { name: '계속' })[0]!);
  await user.click(await screen.findByRole('radio', { name: /매장 반품/ }));
  await user.click(screen.getAllByRole('button', { name: '반품 신청' })[0]!);
  expect(await screen.findByRole('heading', { level: 1, name: '매장에서 반품하기' })).toBeInTheDocument();
  expect(requests.some((request) => request.method === 'POST')).toBe(false);
}, 20_000);

/** A Korean address form without the province list: enough to edit an address in the step. */
const koreanLayout = {
  country: 'KR',
  layout: 'kr',
  nameOrder: 'familyFirst',
  nameSeparator: '',
  postalCodes: ['99999'],
  fields: [
    { field: 'nameFamily', label: 'lastName', labelText: 'Last Name', required: true },
    { field: 'nameGiven', label: 'firstName', labelText: 'First Name', required: true },
    { field: 'code', label: 'postalCode', labelText: 'Postal Code', required: true },
    { field: 'locality', label: 'cityDistrict', labelText: 'City / District / County', required: true },
    { field: 'line1', label: 'street', labelText: 'Street', required: true },
    { field: 'phone', label: 'phone', labelText: 'Phone Number', required: true },
  ],
};

it('edits a pickup address inside the step with the address book form, then uses it (issue 31)', async () => {
  const stored = { ...address(1), name: undefined, nameFamily: '김', nameGiven: '민지' };
  const { requests } = mockFetch([
    ...koreaOrder([courierPickup([{ date: '2026-11-24', fromHour: 9, toHour: 13 }])]),
    { path: '/addresses/v1/member-1/address', respond: () => json([stored]) },
    { path: '/addresses/v1/layouts/KR', respond: () => json(koreanLayout) },
    { method: 'POST', path: '/address/validation/v1', respond: () => json({ validated: true }) },
    {
      method: 'PUT',
      path: '/addresses/v1/member-1/address/a1',
      respond: (request) => json({ ...(request.body as object), id: 'a1', name: '김 민지', preferred: true }),
    },
  ]);
  const { user } = renderApp(`/kr/orders/return-items/${ORDER}?selected=00012345678905`, { member: true });
  await user.selectOptions(await screen.findByLabelText('반품 사유'), 'tooBig');
  await user.click(screen.getAllByRole('button', { name: '계속' })[0]!);
  await user.click(screen.getAllByRole('button', { name: '계속' })[0]!);

  await user.click(await screen.findByRole('button', { name: '김민지님의 주소 수정' }));
  const form = await screen.findByRole('region', { name: '주소 수정' });
  const street = await within(form).findByRole('textbox', { name: /Street|도로/ });
  await user.clear(street);
  await user.type(street, '테헤란로 10');
  await user.click(within(form).getByRole('button', { name: '주소 저장' }));

  expect(await screen.findByText('택배 기사가 이 주소에서 상품을 회수합니다.')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: '주소 수정' })).not.toBeInTheDocument();
  const saved = requests.find((request) => request.method === 'PUT');
  expect(saved?.body).toMatchObject({ country: 'KR', line1: '테헤란로 10', code: '06236' });
  expect(screen.getByRole('button', { name: '주소 추가' })).toBeInTheDocument();
}, 20_000);

const saved = { ...address(1), province: '11', zone: '역삼동' };

it.each([
  ['verified as saved', { validated: true, validatedAddress: { ...saved, name: '김민지' } }],
  [
    'a "suggestion" that is the saved address again',
    { validated: false, validatedAddress: { ...saved, line1: ' 테헤란로  1', id: 'suggested', originalId: 'a1' } },
  ],
])(
  'writes the city with its province and offers no suggestion when %s (walk minor 4)',
  async (_case, answer) => {
    mockFetch([
      ...koreaOrder([courierPickup([{ date: '2026-11-24', fromHour: 9, toHour: 13 }])]),
      {
        path: '/addresses/v1/member-1/address',
        respond: () => json([saved]),
      },
      {
        path: '/addresses/v1/layouts/KR',
        respond: () => json({ ...koreanLayout, provinces: [{ code: '11', name: 'Seoul', local: '서울특별시' }] }),
      },
      { method: 'POST', path: '/address/validation/v1', respond: () => json(answer) },
    ]);
    const { user } = renderApp(`/kr/orders/return-items/${ORDER}?selected=00012345678905`, { member: true });
    await user.selectOptions(await screen.findByLabelText('반품 사유'), 'tooBig');
    await user.click(screen.getAllByRole('button', { name: '계속' })[0]!);
    await user.click(screen.getAllByRole('button', { name: '계속' })[0]!);

    const list = await screen.findByRole('group', { name: '회수 주소 선택' });
    // Not "06236 강남구 11": the province by its name, the city with it, the postal code after them.
    expect(await within(list).findByText('서울특별시 강남구 역삼동 06236')).toBeInTheDocument();
    await user.click(within(list).getByRole('radio', { name: /김민지 1/ }));
    expect(await screen.findByText('택배 기사가 이 주소에서 상품을 회수합니다.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '주소 확인' })).not.toBeInTheDocument();
  },
  20_000,
);
