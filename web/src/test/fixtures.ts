import type { components } from '@/shared/api/schema';
import type { HistoryItem, HistoryResponse, OrderDetail, OrderItem, PickupStore } from '@/shared/api/types';

export function orderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    lineNumber: 1,
    skuId: 'SKU-1',
    product: {
      productId: 'P-1',
      title: 'Air Runner 2',
      category: "Men's Running Shoes",
      productImage: 'https://images.example/air-runner-2.jpg',
      color: 'Black/White',
      size: '10',
      styleColor: 'AR2-001',
      gtin: '00012345678905',
    },
    lineItemStatus: { status: 'In Transit', simpleStatus: 'shipped', statusColor: 'info' },
    lineItemTransaction: {
      orderDate: '2026-11-01T10:00:00Z',
      quantity: 1,
      unitPrice: 120,
      lineItemChargedPrice: 120,
      lineItemTaxes: 9.6,
      lineItemFees: 0,
    },
    shipmentNumber: 'S1',
    trackingUrl: 'https://track.example/S1',
    estimatedDeliveryDate: '2026-11-05',
    valueAddedServiceID: '',
    actions: { trackShipment: { enabled: true, webLink: 'https://track.example/S1' } },
    ...overrides,
  };
}

export function historyItem(orderNumber: string, overrides: Partial<HistoryItem> = {}): HistoryItem {
  return {
    ...orderItem(),
    orderNumber,
    orderType: 'SALES_ORDER',
    orderDate: '2026-11-01T10:00:00Z',
    currency: 'USD',
    country: 'US',
    partnerName: null,
    orderTotal: 129.6,
    fullOrderStatus: { simpleStatus: 'shipped', statusColor: 'info' },
    ...overrides,
    product: { ...orderItem().product, title: `Shoe ${orderNumber}`, ...overrides.product },
  };
}

export const historyPage = (items: HistoryItem[], next: string | null = null): HistoryResponse => ({
  orderItems: items,
  pages: { next },
});

export function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    orderId: 'C0012345678',
    orderNumber: 'C0012345678',
    orderType: 'SALES_ORDER',
    orderClassification: 'CONSUMER',
    parentSalesOrderNumber: null,
    partnerName: null,
    country: 'US',
    currency: 'USD',
    currencyAlt: null,
    regionReference: 'NIKEUS',
    paymentHoldFlag: false,
    isGlobalStoreOrder: false,
    showBarcodeFlag: false,
    actions: {},
    moneyTimeline: [],
    authorizationInfo: { email: 'jane@example.com', phoneNumber: { countryCode: '1', subscriberNumber: '4155550100' } },
    userInfo: { phoneNumber: { countryCode: '1', subscriberNumber: '4155550100' } },
    contactInformation: { email: 'jane@example.com', dayPhoneNumber: '4155550100' },
    fullOrderStatus: { simpleStatus: 'shipped', statusColor: 'info' },
    transaction: {
      orderDate: '2026-11-01T10:00:00Z',
      subTotal: 120,
      shippingTotal: 0,
      totalTaxes: 9.6,
      totalFees: 0,
      inclusiveTaxTotal: 0,
      orderTotal: 129.6,
      chargedPrice: 129.6,
      taxInclusive: false,
    },
    payment: [{ paymentType: 'credit_card', paymentDisplayNumber: '1111' }],
    groups: [
      {
        heading: 'shipped',
        simpleStatus: 'shipped',
        statusColor: 'info',
        shipmentNumber: 'S1',
        trackingUrl: 'https://track.example/S1',
        estimatedDeliveryDate: '2026-11-05',
        actions: { trackShipment: { enabled: true, webLink: 'https://track.example/S1' } },
        orderItems: [orderItem()],
      },
    ],
    shippingAddress: ['Jane Doe', '1 Market Street', 'San Francisco, CA 94105', 'US'],
    shouldRefresh: false,
    age: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}

/** Fifth Avenue, New York: Monday to Saturday 10:00 for 11 hours, Sunday 11:00 for 9.5 hours, closed on Christmas Day. */
export function pickupStore(overrides: Partial<PickupStore> = {}): PickupStore {
  const weekday = { startTime: '10:00', duration: '11' };
  return {
    storeId: 'US-NYC-5TH',
    storeName: 'Fifth Avenue',
    telephone: '+1 212 555 0142',
    addressLines: ['650 5th Ave', '10019 New York, NY'],
    country: 'US',
    timezone: 'America/New_York',
    gps: { latitude: 40.7601, longitude: -73.9766 },
    pickupHours: {
      regularHours: {
        monday: weekday,
        tuesday: weekday,
        wednesday: weekday,
        thursday: weekday,
        friday: weekday,
        saturday: weekday,
        sunday: { startTime: '11:00', duration: '9.5' },
      },
      specialHours: [{ date: '2026-12-25', startTime: '00:00', duration: '0' }],
      // The same hours as the server reads them: what the card shows.
      weekly: [
        { weekday: 'monday', hours: { opensMinutes: 600, closesMinutes: 1260 } },
        { weekday: 'tuesday', hours: { opensMinutes: 600, closesMinutes: 1260 } },
        { weekday: 'wednesday', hours: { opensMinutes: 600, closesMinutes: 1260 } },
        { weekday: 'thursday', hours: { opensMinutes: 600, closesMinutes: 1260 } },
        { weekday: 'friday', hours: { opensMinutes: 600, closesMinutes: 1260 } },
        { weekday: 'saturday', hours: { opensMinutes: 600, closesMinutes: 1260 } },
        { weekday: 'sunday', hours: { opensMinutes: 660, closesMinutes: 1230 } },
      ],
      specialDays: [{ date: '2026-12-25', hours: null }],
    },
    ...overrides,
  };
}

/** A store-pickup order: one group ready for pickup, no shipping address. */
export function pickupOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const base = order();
  const item = orderItem({
    lineItemStatus: { status: 'Ready for pickup', simpleStatus: 'readyForPickUp', statusColor: 'success' },
    shipmentNumber: null,
    trackingUrl: null,
    estimatedDeliveryDate: null,
    actions: {},
  });
  return order({
    fullOrderStatus: { simpleStatus: 'readyForPickUp', statusColor: 'success' },
    groups: [
      {
        ...base.groups[0]!,
        heading: 'readyForPickUp',
        simpleStatus: 'readyForPickUp',
        statusColor: 'success',
        shipmentNumber: null,
        trackingUrl: null,
        estimatedDeliveryDate: null,
        actions: {},
        orderItems: [item],
      },
    ],
    shippingAddress: [],
    pickupAddress: pickupStore(),
    ...overrides,
  });
}

type ReturnOptionsAnswer = components['schemas']['ReturnOptions'];
type ReturnMethodAnswer = components['schemas']['MethodView'];
type ReturnLineAnswer = components['schemas']['OptionLine'];
const money = (amount: string, currency: string) => ({ amount, currency });

/** A line of GET /order_mgmt/return_options/v1 as the document types it; returnable unless told otherwise. */
export function returnLine(
  overrides: Partial<ReturnLineAnswer> & Pick<ReturnLineAnswer, 'lineNumber' | 'gtin'>,
  currency = 'USD',
): ReturnLineAnswer {
  return {
    universalProductCode: overrides.gtin,
    title: 'Air Runner 2',
    size: '10',
    styleColor: 'AR2-001',
    quantity: 1,
    returnedQuantity: 0,
    returnableQuantity: 1,
    returnableFlag: true,
    unitRefund: money('0.00', currency),
    ...overrides,
  };
}

/** A return method as the document types it: free, no pickup windows, refunded to the original payment. */
export function returnMethod(
  overrides: Partial<ReturnMethodAnswer> & Pick<ReturnMethodAnswer, 'id' | 'returnMethod'>,
  currency = 'USD',
): ReturnMethodAnswer {
  return {
    serviceType: 'CARRIER_DROP_OFF',
    price: money('0.00', currency),
    refundDeduction: money('0.00', currency),
    refundEstimate: money('0.00', currency),
    refundArrival: { destination: 'ORIGINAL_PAYMENT', businessDaysMin: 2, businessDaysMax: 5 },
    pickupSlots: [],
    createsReturn: true,
    ...overrides,
  };
}

/** GET /order_mgmt/return_options/v1/{orderNumber} as the document types it: a member within the window. */
export function returnOptions(overrides: Partial<ReturnOptionsAnswer> = {}): ReturnOptionsAnswer {
  return {
    orderNumber: 'C0012345678',
    country: 'US',
    currency: 'USD',
    orderDate: '2026-11-01',
    returnWindowDays: 60,
    returnDeadline: '2026-12-31',
    withinWindow: true,
    asMember: true,
    storeReturnAllowed: true,
    storeRefundToGiftCard: false,
    proofOfPurchaseRequired: false,
    loginPrompt: false,
    scannableCodeWaitMinutes: 0,
    commentMaxLength: 140,
    commentAllowed: true,
    withdrawalAvailable: false,
    refundArrival: { destination: 'ORIGINAL_PAYMENT', businessDaysMin: 2, businessDaysMax: 5 },
    orderLines: [],
    methods: [],
    reasons: [],
    ...overrides,
  };
}

/** GET /order_mgmt/return_instructions/v1 for a store return of C0012345678, without a barcode unless told. */
export function returnInstructions(
  returnOrderNumber: string,
  overrides: Partial<components['schemas']['ReturnInstructions']> = {},
): components['schemas']['ReturnInstructions'] {
  return {
    returnOrderNumber,
    orderNumber: 'C0012345678',
    country: 'US',
    returnMethod: 'returnToStore',
    variant: 'store',
    labelOffered: false,
    emeaDetails: false,
    showSteps: true,
    bankRefundOffered: false,
    paperlessConfirmation: false,
    ...overrides,
  };
}

/** GET /addresses/v1/layouts/US as a test sends it: the given fields (all optional) and California. */
export function usAddressLayout(
  overrides: Partial<components['schemas']['LayoutView']> = {},
  fields: string[] = ['nameGiven', 'nameFamily', 'line1', 'line2', 'locality', 'province', 'code', 'phone'],
): components['schemas']['LayoutView'] {
  return {
    country: 'US',
    layout: 'us',
    nameOrder: 'givenFirst',
    nameSeparator: ' ',
    postalCodes: ['99999'],
    fields: fields.map((field) => ({ field, label: field, labelText: field, required: false })),
    provinces: [{ code: 'CA', name: 'California' }],
    ...overrides,
  };
}
