import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAnalyticsAdapterForTest, type AnalyticsEvent } from '@/shared/analytics/analytics';
import type { components } from '@/shared/api/schema';
import { chatShown } from '@/shared/chat/chat';
import { assign } from '@/shared/experiments/experiments';
import { order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

/**
 * Issue 31: disableChat (the chat entry point and its rule), embedded showSignin, and
 * enablePaperlessReturnConfirmation with the enableAbTesting experiment layer (ADR 0017).
 */

const ORDER = 'C0012345678';
const detail = { path: `/orders/history/v1/${ORDER}`, respond: () => json(order({ orderNumber: ORDER })) };
const chatLink = () => document.querySelector<HTMLAnchorElement>('a.help-contacts__chat');

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('disableChat: chat unless disableChat with no token, an excluded locale or an employee account', () => {
  const shown = async () => {
    await screen.findByRole('heading', { name: 'Need help?' }, { timeout: 10_000 });
    return chatLink();
  };

  it('shows the chat link (the country contact channel) by default, to members and guests', async () => {
    mockFetch([detail]);
    renderApp(`/orders/sales/${ORDER}`, { member: true });
    const link = await shown();
    expect(link).toHaveTextContent('Chat with us');
    expect(within(link!.closest('ul')!).getByRole('link', { name: 'Chat with us' })).toBe(link);
  });

  it('hides it with disableChat for a visitor without a token, and keeps it for a member', async () => {
    mockFetch([detail]);
    renderApp(`/orders/sales/${ORDER}`, { visitor: { email: 'jane@example.com' }, flags: { disableChat: true } });
    expect(await shown()).toBeNull();
  });

  it('keeps it with disableChat for a member (the token lifts it)', async () => {
    mockFetch([detail]);
    renderApp(`/orders/sales/${ORDER}`, { member: true, flags: { disableChat: true } });
    expect(await shown()).not.toBeNull();
  });

  it('hides it in an excluded locale (simplified Chinese)', async () => {
    mockFetch([detail]);
    renderApp(`/cn/orders/sales/${ORDER}`, { member: true });
    await waitFor(
      () => {
        expect(document.querySelector('.help-contacts')).not.toBeNull();
      },
      { timeout: 10_000 },
    );
    expect(chatLink()).toBeNull();
  });

  it('decides the whole rule in one place, employee-style accounts included', () => {
    const base = { disableChat: false, signedIn: false, locale: 'en-US', accountType: null };
    expect(chatShown(base)).toBe(true);
    expect(chatShown({ ...base, disableChat: true })).toBe(false);
    expect(chatShown({ ...base, disableChat: true, signedIn: true })).toBe(true);
    expect(chatShown({ ...base, locale: 'zh-Hans-CN' })).toBe(false);
    expect(chatShown({ ...base, locale: 'zh-Hant-TW' })).toBe(true);
    expect(chatShown({ ...base, signedIn: true, accountType: 'Employee' })).toBe(false);
    expect(chatShown({ ...base, signedIn: true, accountType: 'RETAIL_EMPLOYEE_PURCHASE' })).toBe(false);
    expect(chatShown({ ...base, signedIn: true, accountType: 'member' })).toBe(true);
  });
});

describe('enableLoginPrompt on the guest page', () => {
  it('offers sign-in for free returns with the flag, and only to see all orders without it', async () => {
    const { unmount } = renderApp('/orders/details', { flags: { enableLoginPrompt: true } });
    expect(
      await screen.findByRole('link', { name: 'Sign in for free returns and to see all your orders' }),
    ).toBeInTheDocument();
    unmount();
    renderApp('/orders/details', { flags: { enableLoginPrompt: false } });
    expect(await screen.findByRole('link', { name: 'Sign in to see all your orders' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /free returns/ })).not.toBeInTheDocument();
  });
});

describe('embedded mode: showSignin', () => {
  const signIn = () => screen.queryByRole('link', { name: /see all your orders/ });

  it('offers sign-in outside the standalone view', async () => {
    renderApp('/orders/details');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeVisible();
    expect(signIn()).toBeInTheDocument();
  });

  it('hides sign-in in the standalone view unless showSignin=true', async () => {
    renderApp('/orders/details?standalone=true');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeVisible();
    expect(signIn()).not.toBeInTheDocument();
  });

  it('shows it in the standalone view with showSignin=true, for the rest of the tab', async () => {
    const { navigate } = renderApp('/orders/details?standalone=true&showSignin=true');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeVisible();
    expect(signIn()).toBeInTheDocument();
    navigate('/orders/details/C0000000001');
    await waitFor(() => {
      expect(signIn()).toBeInTheDocument();
    });
  });
});

describe('enablePaperlessReturnConfirmation and the enableAbTesting experiment', () => {
  const RETURN = 'R0000000042';
  const PNG = 'iVBORw0KGgo=';
  let events: AnalyticsEvent[] = [];
  let restore: () => void = () => undefined;
  beforeEach(() => {
    events = [];
    restore = setAnalyticsAdapterForTest({ send: (event) => events.push(event) });
  });
  afterEach(() => {
    restore();
  });

  const serve = (paperlessConfirmation: boolean) => {
    const body: components['schemas']['ReturnInstructions'] = {
      returnOrderNumber: RETURN,
      orderNumber: ORDER,
      country: 'GB',
      returnMethod: 'PAPERLESS_RETURN',
      variant: 'paperless',
      carrierName: 'Royal Mail',
      labelOffered: true,
      emeaDetails: false,
      showSteps: true,
      bankRefundOffered: false,
      paperlessConfirmation,
    };
    mockFetch([
      { path: `/order_mgmt/return_instructions/v1/${RETURN}`, respond: () => json(body) },
      {
        path: `/order_mgmt/user_return_labels/v1/${RETURN}`,
        respond: () =>
          json({ carrier: 'Royal Mail', labelFormat: 'PNG', returnLabel: PNG, dropOffCode: { data: 'RM-7K3M' } }),
      },
    ]);
  };
  const open = (flags: { enableAbTesting?: boolean } = {}) =>
    renderApp(`/gb/orders/return-instructions-emea/${RETURN}?pageView=true`, {
      visitor: { email: 'jane@example.com' },
      flags,
    });
  const codeOnPage = () => screen.findByRole('region', { name: 'Your return code' }, { timeout: 10_000 });
  const codeInModal = () => screen.findByRole('dialog', { name: 'Your return code' }, { timeout: 10_000 });
  /** A visitor key the experiment assigns to `variant`. */
  const keyFor = (variant: 'control' | 'treatment') => {
    for (let n = 0; ; n += 1)
      if (assign('paperlessConfirmation', `key-${String(n)}`) === variant) return `key-${String(n)}`;
  };

  it('on: the confirmation shows the scannable code on the page, no modal', async () => {
    serve(true);
    open();
    const region = await codeOnPage();
    expect(within(region).getByRole('img', { name: 'QR code for return code RM-7K3M' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(events.filter((event) => event.name === 'experiment_exposure')).toEqual([]);
  });

  it('off: the code is in the return-code modal that opens by itself', async () => {
    serve(false);
    open();
    expect(await codeInModal()).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your return code' })).not.toBeInTheDocument();
  });

  it('with A/B testing on, the control variant keeps the modal and the event carries the variant', async () => {
    localStorage.setItem('orders.experimentKey', keyFor('control'));
    serve(true);
    open({ enableAbTesting: true });
    expect(await codeInModal()).toBeVisible();
    expect(events).toContainEqual({
      name: 'experiment_exposure',
      experiment: 'paperlessConfirmation',
      variant: 'control',
    });
  });

  it('with A/B testing on, the treatment variant shows the code on the page', async () => {
    localStorage.setItem('orders.experimentKey', keyFor('treatment'));
    serve(true);
    open({ enableAbTesting: true });
    expect(await codeOnPage()).toBeVisible();
    expect(events).toContainEqual({
      name: 'experiment_exposure',
      experiment: 'paperlessConfirmation',
      variant: 'treatment',
    });
  });

  it('assigns each visitor key one variant for good, and both variants occur', () => {
    const variants = Array.from({ length: 200 }, (_, n) => assign('paperlessConfirmation', `visitor-${String(n)}`));
    expect(variants).toEqual(
      Array.from({ length: 200 }, (_, n) => assign('paperlessConfirmation', `visitor-${String(n)}`)),
    );
    const treated = variants.filter((variant) => variant === 'treatment').length;
    expect(treated).toBeGreaterThan(60);
    expect(treated).toBeLessThan(140);
  });
});

describe('hideMemberHeader (000 §2: the member header is hidden when a flag says so)', () => {
  it("takes the member's links out of the header and keeps the links everyone has", async () => {
    mockFetch([detail]);
    const first = renderApp(`/orders/sales/${ORDER}`, { member: true });
    const nav = await screen.findByRole('navigation', { name: 'Orders navigation' });
    expect(within(nav).getByRole('link', { name: 'My orders' })).toBeInTheDocument();
    first.unmount();

    mockFetch([detail]);
    renderApp(`/orders/sales/${ORDER}`, { member: true, flags: { hideMemberHeader: true } });
    const hidden = await screen.findByRole('navigation', { name: 'Orders navigation' });
    expect(within(hidden).queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
    expect(within(hidden).getByRole('link', { name: 'Gift card balance' })).toBeInTheDocument();
  });
});
