import { afterEach, describe, expect, it, vi } from 'vitest';
import { askParentToOpen, isStandalone, memberHeaderShown, postLineAction } from './embed';

describe('embedded mode', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('turns the standalone view on from the URL and keeps it for the tab until turned off', () => {
    expect(isStandalone('')).toBe(false);
    expect(isStandalone('?standalone=true')).toBe(true);
    expect(isStandalone('?selected=1')).toBe(true);
    expect(isStandalone('?standalone=false')).toBe(false);
    expect(isStandalone('')).toBe(false);
  });

  it('hides the member header by its flag, when standalone, signed out, and on return and refund steps only', () => {
    expect(memberHeaderShown({ path: '/orders', standalone: false, member: true, hidden: true })).toBe(false);
    const member = { standalone: false, member: true };
    expect(memberHeaderShown({ path: '/orders', ...member })).toBe(true);
    expect(memberHeaderShown({ path: '/orders/returns/R1', ...member })).toBe(true);
    expect(memberHeaderShown({ path: '/gb/orders/refund-pay/C1', ...member })).toBe(true);
    expect(memberHeaderShown({ path: '/orders/return-items/C1', ...member })).toBe(false);
    expect(memberHeaderShown({ path: '/gb/orders/return-instructions-emea/R1', ...member })).toBe(false);
    expect(memberHeaderShown({ path: '/orders/refund/C1', ...member })).toBe(false);
    expect(memberHeaderShown({ path: '/orders', standalone: true, member: true })).toBe(false);
    expect(memberHeaderShown({ path: '/orders', standalone: false, member: false })).toBe(false);
  });

  it('posts the frame message to the configured parent origin only, never to *', () => {
    const postMessage = vi.fn();
    const parent = { postMessage } as unknown as Window;
    expect(askParentToOpen('https://portal/orders/sales/C1', undefined, parent)).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
    expect(askParentToOpen('https://portal/orders/sales/C1', 'https://shop.example.com', parent)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'orders:open-url', url: 'https://portal/orders/sales/C1' },
      'https://shop.example.com',
    );
  });

  it("posts a line action's appCallback as orders:action to the configured parent origin only, when framed", () => {
    const postMessage = vi.fn();
    const parent = { postMessage } as unknown as Window;
    const callback = { type: 'orders:action', action: 'return', orderNumber: 'C1', lineNumber: 2, url: '/orders/x' };
    expect(postLineAction(callback, undefined, parent)).toBe(false);
    expect(postLineAction(callback, 'https://shop.example.com', window)).toBe(false);
    expect(postLineAction(null, 'https://shop.example.com', parent)).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
    expect(postLineAction({ ...callback, type: 'other' }, 'https://shop.example.com', parent)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'orders:action', action: 'return', orderNumber: 'C1', lineNumber: 2, url: '/orders/x' },
      'https://shop.example.com',
    );
  });
});
