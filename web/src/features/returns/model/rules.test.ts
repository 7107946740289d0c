import { describe, expect, it } from 'vitest';
import { order, orderItem, returnLine, returnMethod, returnOptions } from '@/test/fixtures';
import type { RefundArrival, ReturnMethodOption, ReturnReason } from './return-options';
import { refundPreview } from './refund-preview';
import {
  buildCaptureRequest,
  canContinueItems,
  commentAllowed,
  defaultQuantity,
  initialSelection,
  isReturnable,
  serverReasonCode,
  type ReturnableLine,
} from './selection';
import { initialMethod, methodBoxes, primaryAction, wizardSteps } from './wizard';

const method = (id: string, overrides: Partial<ReturnMethodOption> = {}): ReturnMethodOption => {
  const [kind = id, carrier] = id.split('|');
  return { id, method: kind, carrier: carrier ?? null, price: 0, ...overrides };
};

const line = (quantity: number, returnable: number, flag = true, gtin = 'G1', lineNumber = 1): ReturnableLine => ({
  item: orderItem({
    lineNumber,
    product: { ...orderItem().product, gtin },
    lineItemTransaction: {
      ...orderItem().lineItemTransaction,
      quantity,
      lineItemChargedPrice: 40 * quantity,
      lineItemTaxes: 3.3 * quantity,
    },
  }),
  option: { lineNumber, gtin, returnableQuantity: returnable, returnableFlag: flag },
});

const reasons: ReturnReason[] = [
  { code: 'tooBig', serverCode: '1', text: "Doesn't Fit" },
  { code: 'notAsExpected', serverCode: '6' },
  { code: 'wrongItem', serverCode: '5' },
];

describe('items', () => {
  it('defaults the quantity to the ordered quantity, capped by what is returnable', () => {
    expect(defaultQuantity(line(3, 3))).toBe(3);
    expect(defaultQuantity(line(3, 2))).toBe(2);
    expect(defaultQuantity(line(0, 4))).toBe(1);
  });

  it('disables lines the server marks unreturnable or with nothing left', () => {
    expect(isReturnable(line(1, 1))).toBe(true);
    expect(isReturnable(line(1, 1, false))).toBe(false);
    expect(isReturnable(line(2, 0))).toBe(false);
  });

  it('pre-selects the line of the selected gtin only when it is returnable', () => {
    const lines = [line(1, 1, true, 'A', 1), line(1, 1, false, 'B', 2)];
    expect(initialSelection(lines, 'A')[1]?.checked).toBe(true);
    expect(initialSelection(lines, 'B')[2]?.checked).toBe(false);
  });

  it('continues only with a checked line that has a reason and a quantity', () => {
    const base = { checked: true, quantity: 1, reason: 'tooBig', comment: '' };
    expect(canContinueItems({})).toBe(false);
    expect(canContinueItems({ 1: { ...base, checked: false } })).toBe(false);
    expect(canContinueItems({ 1: base, 2: { ...base, reason: '' } })).toBe(false);
    expect(canContinueItems({ 1: base, 2: { ...base, checked: false, reason: '' } })).toBe(true);
  });

  it('offers the comment after a reason, never where the server offers none (Japan)', () => {
    const choice = { checked: true, quantity: 1, reason: 'tooBig', comment: '' };
    expect(commentAllowed(true, choice)).toBe(true);
    expect(commentAllowed(true, { ...choice, reason: '' })).toBe(false);
    expect(commentAllowed(false, choice)).toBe(false);
  });

  it('maps an unknown reason to not-as-expected', () => {
    expect(serverReasonCode(reasons, 'wrongItem')).toBe('5');
    expect(serverReasonCode(reasons, 'madeUp')).toBe('6');
  });
});

describe('capture request', () => {
  const lines = [line(2, 2, true, 'G1', 1), line(1, 1, true, 'G2', 2)];
  const selection = {
    1: { checked: true, quantity: 1, reason: 'tooBig', comment: 'x'.repeat(150) },
    2: { checked: false, quantity: 1, reason: '', comment: '' },
  };
  type Pickup = NonNullable<Parameters<typeof buildCaptureRequest>[0]['pickup']>;
  const build = (chosen: ReturnMethodOption, global = false, pickup: Pickup | null = null) =>
    buildCaptureRequest({
      order: order({ orderNumber: 'C0012345678' }),
      lines,
      selection,
      reasons,
      method: chosen,
      storeId: 'S1',
      pickup,
      locale: 'en-GB',
      flags: { sendReturnMethodGlobally: global, disableCreateLabel: false },
    });

  it('sends the checked lines with server reason codes and the comment cut to 140', () => {
    const request = build(method('returnToStore'));
    expect(request.orderLines).toEqual([
      { quantity: 1, reasonCode: '1', reasonText: "Doesn't Fit", comment: 'x'.repeat(140), universalProductCode: 'G1' },
    ]);
    expect(request.methodId).toBe('returnToStore');
    expect(request.captureSystem).toBe('nike.digital.web');
    expect(request.storeId).toBe('S1');
  });

  it('sends the method and carrier code for paperless only, the method for all with the global flag', () => {
    const paperless = build(method('PAPERLESS_RETURN|ROYAL_MAIL', { scac: 'RMAL' }));
    expect(paperless).toMatchObject({
      methodId: 'PAPERLESS_RETURN|ROYAL_MAIL',
      returnMethod: 'PAPERLESS_RETURN',
      standardCarrierAlphaCode: 'RMAL',
    });
    const dropoff = build(method('DROPOFF_RETURN|ROYAL_MAIL', { scac: 'RMAL' }));
    expect(dropoff).not.toHaveProperty('returnMethod');
    expect(dropoff).not.toHaveProperty('standardCarrierAlphaCode');
    expect(build(method('upsDropoff|ups'), true).returnMethod).toBe('upsDropoff');
  });

  it('sends the address and window of every pickup, not only the Korea courier (issue 31)', () => {
    const pickup = {
      address: { address1: '1 Market Street', city: 'San Francisco', postalCode: '94105', country: 'US' },
      slot: { date: '2026-11-30', fromHour: 9, toHour: 13 },
    } as unknown as Pickup;
    const withPickup = (chosen: ReturnMethodOption) => build(chosen, false, pickup);
    for (const kind of [
      'upsPickup|ups',
      'sagawaPickup|sagawa',
      'courierPickup|cj-logistics',
      'PICKUP_RETURN|la-poste',
    ]) {
      expect(withPickup({ ...method(kind), serviceType: 'PICK_UP' }).pickup, kind).toEqual(pickup);
    }
    expect(withPickup({ ...method('upsDropoff|ups'), serviceType: 'CARRIER_DROP_OFF' })).not.toHaveProperty('pickup');
  });
});

describe('methods and steps', () => {
  it("groups a carrier's drop-off and paperless into one box, paperless first", () => {
    const boxes = methodBoxes([
      method('DROPOFF_RETURN|DHL'),
      method('returnToStore'),
      method('PAPERLESS_RETURN|DHL'),
      method('DROPOFF_RETURN|HERMES'),
    ]);
    expect(boxes.map((box) => box.options.map((option) => option.id))).toEqual([
      ['PAPERLESS_RETURN|DHL', 'DROPOFF_RETURN|DHL'],
      ['returnToStore'],
      ['DROPOFF_RETURN|HERMES'],
    ]);
  });

  it('chooses the only method, or the saved one the server still offers', () => {
    expect(initialMethod([method('upsDropoff')], null)?.id).toBe('upsDropoff');
    expect(initialMethod([method('upsDropoff'), method('returnToStore')], 'returnToStore')?.id).toBe('returnToStore');
    expect(initialMethod([method('upsDropoff'), method('returnToStore')], 'gone')).toBeNull();
  });

  it('adds the store step for a store return with the selector flag, and names the buttons', () => {
    const store = method('returnToStore');
    expect(wizardSteps(store, true)).toEqual(['items', 'method', 'store']);
    expect(wizardSteps(store, false)).toEqual(['items', 'method']);
    expect(primaryAction('method', wizardSteps(store, true), store)).toBe('findStore');
    expect(primaryAction('method', ['items', 'method'], method('sagawaPickup'))).toBe('getInstructions');
    expect(primaryAction('items', ['items', 'method'], null)).toBe('continue');
    expect(primaryAction('store', ['items', 'method', 'store'], store)).toBe('submit');
  });

  it('asks every pickup (US UPS, Japan Sagawa, Korea courier) for its address and window', () => {
    for (const kind of ['upsPickup', 'sagawaPickup', 'courierPickup', 'PICKUP_RETURN']) {
      expect(wizardSteps({ ...method(kind), serviceType: 'PICK_UP' }, true)).toEqual(['items', 'method', 'address']);
    }
    expect(wizardSteps({ ...method('upsDropoff'), serviceType: 'CARRIER_DROP_OFF' }, true)).toEqual([
      'items',
      'method',
    ]);
    const sagawa = { ...method('sagawaPickup'), serviceType: 'PICK_UP' };
    expect(primaryAction('address', wizardSteps(sagawa, true), sagawa)).toBe('getInstructions');
  });
});

describe('refund preview', () => {
  const lines = [line(2, 2)];
  const selection = { 1: { checked: true, quantity: 1, reason: 'tooBig', comment: '' } };
  const preview = (
    chosen: ReturnMethodOption | null,
    orderArrival: RefundArrival | null = null,
    paymentTypes = ['credit_card'],
  ) => refundPreview({ lines, selection, method: chosen, currency: 'AUD', orderArrival, paymentTypes });

  it('charges the unit price times the returned quantity, with its tax share', () => {
    expect(preview(null)).toMatchObject({ items: 1, subtotal: 40, tax: 3.3, total: 43.3, deduction: 0 });
  });

  it("deducts Australia's drop-off fee from the refund, and shows a guest's shipping apart", () => {
    expect(preview(method('DROPOFF_RETURN|AUSPOST', { price: 9.95, deduction: 9.95 }))).toMatchObject({
      deduction: 9.95,
      shippingCharge: 0,
      total: 33.35,
    });
    expect(preview(method('upsPickup|ups', { price: 6 }))).toMatchObject({
      shippingCharge: 6,
      deduction: 0,
      total: 43.3,
    });
  });

  it("uses the server's unit refund (tax included) when it sends one", () => {
    const withUnit = [
      {
        ...line(2, 2),
        option: { lineNumber: 1, gtin: 'G1', returnableQuantity: 2, returnableFlag: true, unitRefund: 43.3 },
      },
    ];
    expect(
      refundPreview({
        lines: withUnit,
        selection: { 1: { checked: true, quantity: 2, reason: 'tooBig', comment: '' } },
        method: null,
        currency: 'USD',
        paymentTypes: [],
      }),
    ).toMatchObject({ subtotal: 86.6, tax: 0, total: 86.6 });
  });

  it("says when the money arrives: the order's arrival before a method, the method's after, PayPal store returns on a gift card", () => {
    const emea: RefundArrival = { destination: 'ORIGINAL_PAYMENT', min: 2, max: 10 };
    const store: RefundArrival = { destination: 'GIFT_CARD', min: 0, max: 1 };
    expect(preview(null).arrival).toBeNull();
    expect(preview(null, emea).arrival).toEqual(emea);
    expect(preview({ ...method('returnToStore'), refundArrival: store }, emea).arrival).toEqual(store);
    expect(preview(method('returnToStore'), null, ['PAYPAL']).timing).toBe('giftCard');
    expect(preview(method('upsDropoff|ups'), null, ['PAYPAL']).timing).toBe('original');
  });
});

describe('the options answer', () => {
  it("turns a paperless method's hidden printable drop-off into its sub-choice, and money text into numbers", async () => {
    const { toReturnOptions } = await import('./return-options');
    const gbp = (amount: string) => ({ amount, currency: 'GBP' });
    const options = toReturnOptions(
      returnOptions({
        orderNumber: 'C1',
        country: 'GB',
        currency: 'GBP',
        orderLines: [returnLine({ lineNumber: 1, gtin: 'G1', unitRefund: gbp('130.00') }, 'GBP')],
        methods: [
          returnMethod(
            {
              id: 'PAPERLESS_RETURN|royal-mail',
              returnMethod: 'PAPERLESS_RETURN',
              serviceType: 'PAPERLESS',
              carrierId: 'royal-mail',
              carrierName: 'Royal Mail',
              standardCarrierAlphaCode: 'RMGB',
              paperlessAlternativeId: 'DROPOFF_RETURN|royal-mail',
              price: gbp('3.50'),
              refundDeduction: gbp('3.50'),
            },
            'GBP',
          ),
        ],
        reasons: [{ appCode: 'tooBig', reasonCode: '1', text: "Doesn't Fit" }],
      }),
    );
    expect(options.methods.map((option) => [option.id, option.method, option.alternativeOf ?? null])).toEqual([
      ['PAPERLESS_RETURN|royal-mail', 'PAPERLESS_RETURN', null],
      ['DROPOFF_RETURN|royal-mail', 'DROPOFF_RETURN', 'PAPERLESS_RETURN|royal-mail'],
    ]);
    expect(options.methods[0]).toMatchObject({ price: 3.5, deduction: 3.5, scac: 'RMGB' });
    expect(options.lines[0]?.unitRefund).toBe(130);
    expect(options.reasons).toEqual([{ code: 'tooBig', serverCode: '1', text: "Doesn't Fit" }]);
    expect(methodBoxes(options.methods)).toHaveLength(1);
    expect(initialMethod(options.methods, null)?.id).toBe('PAPERLESS_RETURN|royal-mail');
  });
});
