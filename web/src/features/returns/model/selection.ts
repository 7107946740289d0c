import type { OrderDetail, OrderItem } from '@/shared/api/types';
import type { CaptureRequest } from '../api';
import type { ReturnMethodOption, ReturnOptionLine, ReturnReason } from './return-options';

/** Spec 001 §5 and §9: the free-text comment holds at most 140 characters. */
export const COMMENT_MAX = 140;
/** Spec 001 §9: the capture system every web return names. */
export const CAPTURE_SYSTEM = 'nike.digital.web';

/** What the shopper chose for one line. */
export interface LineChoice {
  checked: boolean;
  quantity: number;
  /** App reason code ('' until chosen). */
  reason: string;
  comment: string;
}

export type Selection = Record<number, LineChoice>;

/** A line of the order as the wizard shows it: the item with its return facts from the options call. */
export interface ReturnableLine {
  item: OrderItem;
  option: ReturnOptionLine | undefined;
}

/** The returnable quantity: the server's, else the order item's; never below zero. */
export function returnableQuantity({ item, option }: ReturnableLine): number {
  return Math.max(0, option?.returnableQuantity ?? item.returnableQuantity ?? item.lineItemTransaction.quantity);
}

/** Spec 001 §5: the checkbox is off when the line is not returnable (returnableFlag false, nothing left). */
export function isReturnable(line: ReturnableLine): boolean {
  const flag = line.option?.returnableFlag ?? line.item.returnableFlag ?? true;
  return flag && returnableQuantity(line) > 0;
}

/** Spec 001 §5: the default is the item quantity (1 when none is given), never above what may be returned. */
export function defaultQuantity(line: ReturnableLine): number {
  const ordered = line.item.lineItemTransaction.quantity || 1;
  return Math.max(1, Math.min(ordered, returnableQuantity(line)));
}

/**
 * Spec 001 §5: the comment field follows a chosen reason, where the server offers comments at all
 * (`commentAllowed` of the return options: not in Japan).
 */
export const commentAllowed = (offered: boolean, choice: LineChoice | undefined) => offered && Boolean(choice?.reason);

/** Spec 001 §4.2: continue needs one checked line, and every checked line a reason and a quantity. */
export function canContinueItems(selection: Selection): boolean {
  const checked = Object.values(selection).filter((choice) => choice.checked);
  return checked.length > 0 && checked.every((choice) => choice.reason !== '' && choice.quantity > 0);
}

export const checkedLines = (selection: Selection): [number, LineChoice][] =>
  Object.entries(selection)
    .filter(([, choice]) => choice.checked)
    .map(([lineNumber, choice]) => [Number(lineNumber), choice]);

/** A line is pre-selected from the `selected` query (a product gtin), when it may be returned. */
export function initialSelection(lines: ReturnableLine[], selectedGtin: string | null): Selection {
  const selection: Selection = {};
  for (const line of lines) {
    const preselect = selectedGtin !== null && line.item.product.gtin === selectedGtin && isReturnable(line);
    selection[line.item.lineNumber] = { checked: preselect, quantity: defaultQuantity(line), reason: '', comment: '' };
  }
  return selection;
}

export interface CaptureFlags {
  /** send-return-method-globally: returnMethod goes with every method, not only paperless. */
  sendReturnMethodGlobally: boolean;
  /** disable-create-label: the server makes no label at capture. */
  disableCreateLabel: boolean;
}

/** Unknown app reason codes fall back to not-as-expected (spec 001 §8). */
function reasonFor(reasons: ReturnReason[], code: string): ReturnReason | undefined {
  return reasons.find((reason) => reason.code === code) ?? reasons.find((reason) => reason.code === 'notAsExpected');
}

export const serverReasonCode = (reasons: ReturnReason[], code: string): string =>
  reasonFor(reasons, code)?.serverCode ?? code;

/**
 * The return request of spec 001 §3. returnMethod goes only for paperless (or with the global flag),
 * the carrier code for paperless only; methodId (the API's addition) names the chosen method exactly,
 * so the server never has to guess a carrier. reasonText is the reason's text, the shopper's words go
 * in comment.
 */
export function buildCaptureRequest(input: {
  order: OrderDetail;
  lines: ReturnableLine[];
  selection: Selection;
  reasons: ReturnReason[];
  method: ReturnMethodOption;
  storeId: string | null;
  /** A pickup (Korea's courier, UPS, Sagawa, the EMEA carriers'): where and when. */
  pickup?: CaptureRequest['pickup'] | null;
  locale: string;
  flags: CaptureFlags;
}): CaptureRequest {
  const { order, lines, selection, reasons, method, storeId, pickup, locale, flags } = input;
  const byNumber = new Map(lines.map((line) => [line.item.lineNumber, line]));
  const orderLines = checkedLines(selection).flatMap(([lineNumber, choice]) => {
    const line = byNumber.get(lineNumber);
    if (!line) return [];
    const reason = reasonFor(reasons, choice.reason);
    const comment = choice.comment.trim().slice(0, COMMENT_MAX);
    return [
      {
        quantity: choice.quantity,
        reasonCode: reason?.serverCode ?? choice.reason,
        reasonText: reason?.text ?? '',
        ...(comment ? { comment } : {}),
        universalProductCode: line.option?.gtin ?? line.item.product.gtin,
      },
    ];
  });
  const paperless = method.method === 'PAPERLESS_RETURN';
  const request: CaptureRequest = {
    captureSystem: CAPTURE_SYSTEM,
    createReturnLabelFlag: !flags.disableCreateLabel,
    locale,
    omsRegionReference: order.regionReference,
    orderNumber: order.orderNumber,
    orderCreateDate: order.transaction.orderDate,
    orderLines,
    methodId: method.id,
  };
  if (paperless || flags.sendReturnMethodGlobally) request.returnMethod = method.method;
  if (paperless && method.scac) request.standardCarrierAlphaCode = method.scac;
  // Gap in openapi.json: CaptureRequest.shipFrom is a bare object, so the order's typed shipFrom is cast to it.
  if (order.shipFrom) request.shipFrom = order.shipFrom as CaptureRequest['shipFrom'];
  if (method.method === 'returnToStore' && storeId) request.storeId = storeId;
  // Every pickup books its address and window (the wizard asks them for each PICK_UP method, not only Korea's).
  if (method.serviceType === 'PICK_UP' && pickup) request.pickup = pickup;
  return request;
}
