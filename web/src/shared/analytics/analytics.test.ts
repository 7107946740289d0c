import { afterEach, describe, expect, it } from 'vitest';
import { configureAnalytics, dataLayerAdapter, track, type AnalyticsEvent } from './analytics';

const layer = (name = 'dataLayer') => (window as unknown as Record<string, unknown[] | undefined>)[name] ?? [];

describe('analytics', () => {
  afterEach(() => {
    configureAnalytics({ enabled: true, dataLayer: 'dataLayer' });
    delete (window as unknown as Record<string, unknown>).dataLayer;
    delete (window as unknown as Record<string, unknown>).shopEvents;
  });

  const events: AnalyticsEvent[] = [
    { name: 'partner_tab_present' },
    { name: 'partner_tab_click' },
    { name: 'return_click', country: 'US' },
    { name: 'return_reason_chosen', reasonCode: '503', country: 'AU' },
    { name: 'return_submitted', method: 'returnToStore', itemCount: 2, country: 'US' },
    { name: 'curbside_error_view', status: 'unknown', service: 'curbside', message: 'fetchFailed' },
    { name: 'cancel_outcome', outcome: 'denied' },
  ];

  it.each(events)('pushes $name onto window.dataLayer as orders.<name> with its fields', (event) => {
    track(event);
    const { name, ...fields } = event;
    expect(layer().at(-1)).toEqual({ event: `orders.${name}`, ...fields });
  });

  it('goes to the configured data layer, or nowhere when analytics is off', () => {
    configureAnalytics({ enabled: true, dataLayer: 'shopEvents' });
    track({ name: 'partner_tab_click' });
    expect(layer('shopEvents')).toEqual([{ event: 'orders.partner_tab_click' }]);
    expect(layer()).toEqual([]);
    configureAnalytics({ enabled: false, dataLayer: 'dataLayer' });
    track({ name: 'partner_tab_click' });
    expect(layer()).toEqual([]);
  });

  it('keeps an existing data layer and never throws for a broken one', () => {
    (window as unknown as Record<string, unknown>).dataLayer = [{ event: 'gtm.js' }];
    track({ name: 'return_click', country: 'GB' });
    expect(layer()).toHaveLength(2);
    (window as unknown as Record<string, unknown>).dataLayer = { push: () => undefined };
    expect(() => {
      dataLayerAdapter().send({ name: 'partner_tab_click' });
    }).not.toThrow();
  });
});
