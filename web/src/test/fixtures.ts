import type { HistoryItem, HistoryResponse, OrderDetail, OrderItem } from '@/shared/api/types';

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
    lineItemStatus: { status: 'In Transit', simpleStatus: 'shipped' },
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
    actions: { trackShipment: { webLink: 'https://track.example/S1' } },
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
    authorizationInfo: { email: 'jane@example.com', phoneNumber: { countryCode: '1', subscriberNumber: '4155550100' } },
    fullOrderStatus: { simpleStatus: 'shipped' },
    transaction: {
      orderDate: '2026-11-01T10:00:00Z',
      subTotal: 120,
      shippingTotal: 0,
      totalTaxes: 9.6,
      totalFees: 0,
      inclusiveTaxTotal: 0,
      orderTotal: 129.6,
      taxInclusive: false,
    },
    payment: [{ paymentType: 'credit_card', paymentDisplayNumber: '1111' }],
    groups: [
      {
        heading: 'shipped',
        simpleStatus: 'shipped',
        shipmentNumber: 'S1',
        trackingUrl: 'https://track.example/S1',
        estimatedDeliveryDate: '2026-11-05',
        actions: { trackShipment: { webLink: 'https://track.example/S1' } },
        orderItems: [orderItem()],
      },
    ],
    shippingAddress: ['Jane Doe', '1 Market Street', 'San Francisco, CA 94105', 'US'],
    shouldRefresh: false,
    age: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}
