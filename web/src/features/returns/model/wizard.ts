import type { PickupAddress, PickupSlot } from '../api';
import type { ReturnMethodOption } from '../model/return-options';
import { canContinueItems, type Selection } from './selection';

/**
 * Spec 001 §4.2: items, then method, then the store selector (store return with its flag) or, for the
 * Korea courier pickup, the address (and pickup window) step.
 */
export type Step = 'items' | 'method' | 'store' | 'address';

export function wizardSteps(method: ReturnMethodOption | null, storeSelector: boolean): Step[] {
  const steps: Step[] = ['items', 'method'];
  if (method?.method === 'returnToStore' && storeSelector) steps.push('store');
  // Every pickup (Korea's courier, UPS, Sagawa, the EMEA carriers') asks its address and window (001 §4.4).
  if (method?.serviceType === 'PICK_UP') steps.push('address');
  return steps;
}

/**
 * Walk minor 3: how many steps the return takes, said only when it is known, so the count never jumps
 * ("Step 2 of 2", then "Step 3 of 3" once the store step appears). It is the chosen method's path, or,
 * before a method is chosen, the path every offered method shares; null while the methods' paths differ.
 */
export function stepTotal(
  methods: ReturnMethodOption[],
  chosen: ReturnMethodOption | null,
  storeSelector: boolean,
): number | null {
  if (chosen) return wizardSteps(chosen, storeSelector).length;
  const totals = new Set(methods.map((method) => wizardSteps(method, storeSelector).length));
  const [only] = totals;
  return totals.size === 1 && only !== undefined ? only : null;
}

/** What each step needs before the shopper may go on (spec 001 §4.2). */
export function readySteps(
  selection: Selection,
  method: ReturnMethodOption | null,
  storeId: string | null,
  pickup: { address: PickupAddress | null; slot: PickupSlot | null },
): Record<Step, boolean> {
  const slots = method?.pickupSlots ?? [];
  return {
    items: canContinueItems(selection),
    method: method !== null,
    store: method !== null && storeId !== null,
    // On the address step, a (validated) address, and a window when the carrier offers them.
    address: method !== null && pickup.address !== null && (slots.length === 0 || pickup.slot !== null),
  };
}

/**
 * The step the shopper may be on when `requested` is asked for (by the URL, walk minor 2): it when every
 * step before it is complete; otherwise the first step that is not. A step no longer on the path (the
 * store step after switching to a drop-off) ends at the path's last step.
 */
export function reachableStep(requested: Step, steps: Step[], ready: Record<Step, boolean>): Step {
  for (const candidate of steps) {
    if (candidate === requested || !ready[candidate]) return candidate;
  }
  return steps.at(-1) ?? 'items';
}

/** Spec 001 §2.1 button texts: what the primary button of a step says. */
export type PrimaryAction = 'continue' | 'findStore' | 'getInstructions' | 'submit';

export function primaryAction(step: Step, steps: Step[], method: ReturnMethodOption | null): PrimaryAction {
  const last = steps.at(-1) === step;
  if (!last) return step === 'method' && method?.method === 'returnToStore' ? 'findStore' : 'continue';
  if (method?.method === 'sagawaPickup') return 'getInstructions';
  return 'submit';
}

/**
 * The method boxes (spec 001 §2.1, §2.2): a carrier's drop-off and its paperless (scannable code)
 * choice share one box with a sub-choice; every other method is a box of its own.
 */
export interface MethodBox {
  key: string;
  options: ReturnMethodOption[];
}

const MAIL = new Set(['DROPOFF_RETURN', 'PAPERLESS_RETURN']);

export function methodBoxes(methods: ReturnMethodOption[]): MethodBox[] {
  const boxes: MethodBox[] = [];
  for (const method of methods) {
    const key = MAIL.has(method.method) ? `mail|${method.carrier ?? ''}` : method.id;
    const box = boxes.find((candidate) => candidate.key === key);
    if (box) box.options.push(method);
    else boxes.push({ key, options: [method] });
  }
  // The scannable code first: it is the choice that needs no printer.
  for (const box of boxes)
    box.options.sort((a, b) => Number(b.method === 'PAPERLESS_RETURN') - Number(a.method === 'PAPERLESS_RETURN'));
  return boxes;
}

/**
 * Spec 001 §5: with fewer than two methods the only one is chosen; otherwise the saved choice of this
 * order when the server still offers it, else nothing (submit stays off until the shopper chooses).
 */
export function initialMethod(methods: ReturnMethodOption[], savedId: string | null): ReturnMethodOption | null {
  // A paperless method and its printable alternative count as one choice.
  if (methods.filter((method) => !method.alternativeOf).length === 1)
    return methods.find((method) => !method.alternativeOf) ?? null;
  return methods.find((method) => method.id === savedId) ?? null;
}
