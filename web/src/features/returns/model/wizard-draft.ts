import type { PickupAddress, PickupSlot } from '../api';
import type { ReturnMethodOption, ReturnOptions, ReturnReason } from './return-options';
import {
  COMMENT_MAX,
  initialSelection,
  isReturnable,
  returnableQuantity,
  type ReturnableLine,
  type Selection,
} from './selection';
import { initialMethod } from './wizard';

/**
 * Walk minor 2: the wizard's choices survive a reload, and Back then Forward, in this tab: they are kept in
 * sessionStorage under the order number and cleared once the return is submitted. What is read back is
 * checked against the order's lines, reasons and methods as the server answers them now, so a stale or
 * edited entry can only fall back to the defaults, never send something the server did not offer. The step
 * is not kept here: it is in the URL (`step-in-url.ts`), one history entry per step.
 */
export interface WizardDraft {
  selection: Selection;
  methodId: string | null;
  storeId: string | null;
  pickup: { address: PickupAddress | null; slot: PickupSlot | null };
}

export const draftKey = (orderNumber: string) => `orders.returnDraft.${orderNumber}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

export function loadDraft(orderNumber: string): WizardDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(draftKey(orderNumber)) ?? 'null');
  } catch {
    return null;
  }
  if (!isObject(parsed) || !isObject(parsed.selection)) return null;
  const pickup = isObject(parsed.pickup) ? parsed.pickup : {};
  return {
    selection: parsed.selection as Selection,
    methodId: stringOrNull(parsed.methodId),
    storeId: stringOrNull(parsed.storeId),
    pickup: {
      address: isObject(pickup.address) ? (pickup.address as PickupAddress) : null,
      slot: isObject(pickup.slot) ? (pickup.slot as PickupSlot) : null,
    },
  };
}

export function saveDraft(orderNumber: string, draft: WizardDraft): void {
  try {
    storage()?.setItem(draftKey(orderNumber), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the wizard works as before, it just does not survive a reload.
  }
}

export function clearDraft(orderNumber: string): void {
  try {
    storage()?.removeItem(draftKey(orderNumber));
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/**
 * The kept selection laid over the fresh one: only lines that are still returnable, quantities within what
 * may be returned now, reasons the server still offers, comments within the limit.
 */
export function restoreSelection(
  fresh: Selection,
  kept: Selection,
  lines: ReturnableLine[],
  reasons: ReturnReason[],
): Selection {
  const restored: Selection = { ...fresh };
  for (const line of lines) {
    const number = line.item.lineNumber;
    const choice: unknown = kept[number];
    const base = fresh[number];
    if (!base || !isObject(choice) || !isReturnable(line)) continue;
    const quantity = typeof choice.quantity === 'number' && Number.isInteger(choice.quantity) ? choice.quantity : 0;
    const reason = typeof choice.reason === 'string' ? choice.reason : '';
    restored[number] = {
      checked: choice.checked === true || base.checked,
      quantity: quantity >= 1 && quantity <= returnableQuantity(line) ? quantity : base.quantity,
      reason: reasons.some((offered) => offered.code === reason) ? reason : '',
      comment: typeof choice.comment === 'string' ? choice.comment.slice(0, COMMENT_MAX) : '',
    };
  }
  return restored;
}

export interface WizardStart extends Omit<WizardDraft, 'methodId'> {
  method: ReturnMethodOption | null;
}

/**
 * Where the wizard starts: the kept draft of this order when there is one (checked as above), else the
 * defaults (the preselected line, the order's saved method and store of spec 001 §2.1).
 */
export function startWizard(input: {
  orderNumber: string;
  lines: ReturnableLine[];
  options: ReturnOptions;
  selectedGtin: string | null;
  saved: { returnMethod: string; selectedStore?: string } | null;
}): WizardStart {
  const { lines, options } = input;
  const fresh = initialSelection(lines, input.selectedGtin);
  const draft = loadDraft(input.orderNumber);
  const method =
    options.methods.find((option) => option.id === draft?.methodId) ??
    initialMethod(options.methods, input.saved?.returnMethod ?? null);
  const noPickup = { address: null, slot: null };
  if (!draft) return { selection: fresh, method, storeId: input.saved?.selectedStore ?? null, pickup: noPickup };
  return {
    selection: restoreSelection(fresh, draft.selection, lines, options.reasons),
    method,
    storeId: draft.storeId ?? input.saved?.selectedStore ?? null,
    pickup: method?.serviceType === 'PICK_UP' ? draft.pickup : noPickup,
  };
}
