/**
 * Analytics (spec 000 §2, 001 §7, 002 §8): every event the spec names goes through `track`, whose adapter
 * comes from the deployment (`/config`'s `analytics`): by default each event is pushed to
 * `window.dataLayer` (the tag-manager convention retailers use) as `{ event: 'orders.<name>', ...fields }`;
 * a deployment can name another data layer or turn analytics off.
 *
 * No personal data in any event: the fields are codes, counts and names of things (a reason code, a
 * method, a country), never an e-mail, a name, a phone, an address or an order number. The union below is
 * the only way to build an event, so a field cannot slip in by accident.
 */
export type AnalyticsEvent =
  /** The partner tab is on the history page (recorded once per page view). */
  | { name: 'partner_tab_present' }
  /** The shopper chose the partner tab. */
  | { name: 'partner_tab_click' }
  /** "Return item" on an order's item. */
  | { name: 'return_click'; country: string }
  /** A return reason was chosen in the wizard (the server's reason code). */
  | { name: 'return_reason_chosen'; reasonCode: string; country: string }
  /** A return was submitted and created. */
  | { name: 'return_submitted'; method: string; itemCount: number; country: string }
  /** The curbside error view was shown (002 §8: status, service name and message). */
  | { name: 'curbside_error_view'; status: number | 'unknown'; service: string; message: string }
  /** A cancellation ended (an invalid-state answer counts as denied, 002 §7). */
  | { name: 'cancel_outcome'; outcome: 'cancelled' | 'pending' | 'denied' }
  /** An A/B experiment's variant was shown to the visitor (the experiment's name and the variant only). */
  | { name: 'experiment_exposure'; experiment: string; variant: string };

/** Where events go. */
export interface AnalyticsAdapter {
  send(event: AnalyticsEvent): void;
}

declare global {
  interface Window {
    [dataLayer: string]: unknown;
  }
}

/** Pushes `{ event: 'orders.<name>', ...fields }` onto `window[name]` (created when missing). */
export function dataLayerAdapter(name = 'dataLayer'): AnalyticsAdapter {
  return {
    send({ name: eventName, ...fields }) {
      const existing = window[name];
      const layer: unknown[] = Array.isArray(existing) ? existing : [];
      if (!Array.isArray(existing)) window[name] = layer;
      layer.push({ event: `orders.${eventName}`, ...fields });
    },
  };
}

export const offAdapter: AnalyticsAdapter = { send: () => undefined };

let adapter: AnalyticsAdapter = dataLayerAdapter();

/** The deployment's choice (`/config` analytics), applied by the app when the configuration arrives. */
export function configureAnalytics(config: { enabled: boolean; dataLayer: string } | null | undefined) {
  if (!config) return;
  adapter = config.enabled ? dataLayerAdapter(config.dataLayer) : offAdapter;
}

/** Tests: use this adapter (returns a function that restores the previous one). */
export function setAnalyticsAdapterForTest(next: AnalyticsAdapter): () => void {
  const previous = adapter;
  adapter = next;
  return () => {
    adapter = previous;
  };
}

/** Records one event; analytics never breaks a page (a failing adapter is ignored). */
export function track(event: AnalyticsEvent): void {
  try {
    adapter.send(event);
  } catch {
    // A retailer's tag manager that throws must not take the shopper's flow down.
  }
}
