import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { OrderSlotProps } from '@/shared/order-slots/order-slots';
import { useFlags } from '@/shared/config/flags';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { useI18n } from '@/shared/i18n/i18n-context';
import { PaymentJobFailed, type PaymentAnswer } from '../api/deferred-payment';
import { usePreparedPayment } from '../api/prepared-payment';
import { channelFor } from '../model/channel';
import { confirmationPath, isChatAppBrowser, redirectFor } from '../model/redirect';
import { returnResult } from '../model/return-result';
import './deferred-payment.css';

type FailureMessage = 'payments.pay.unavailable' | 'payments.pay.refused' | 'payments.pay.failure';

/** What the page says of a payment that did not start, by the job's code (ADR 0020). */
export function failureMessage(error: unknown): FailureMessage {
  const code = error instanceof PaymentJobFailed ? error.code : null;
  // The provider did not answer in all the job's tries: trying again in a while may work.
  if (code === 'service-unavailable') return 'payments.pay.unavailable';
  // The provider refused to start it: the same request would be refused again.
  if (code === 'service-deferred-payment-failure') return 'payments.pay.refused';
  return 'payments.pay.failure';
}

/** The open payment as the pay button uses it; null when it carries nothing to continue (only its id). */
function openPayment(data: OrderSlotProps['order']['deferredPaymentData']): PaymentAnswer | null {
  if (!data || (!data.form && !data.qrCodeURL)) return null;
  return {
    paymentId: data.paymentId,
    ...(data.form ? { form: data.form } : {}),
    ...(data.qrCodeURL ? { qrCodeURL: data.qrCodeURL } : {}),
  };
}

/** 002 §9: narrower than 960 px is mobile. */
const experience = () => (window.innerWidth < 960 ? 'MOBILE' : 'DESKTOP');

/** Posts the provider's form (its method is not GET), the way the provider expects a browser to arrive. */
function submitForm(form: NonNullable<PaymentAnswer['form']>) {
  const element = document.createElement('form');
  element.method = form.method;
  element.action = form.action;
  element.hidden = true;
  for (const field of form.fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    element.append(input);
  }
  document.body.append(element);
  element.submit();
}

/** The provider's page as a link (GET forms carry their fields in the query). */
function pageUrl(form: NonNullable<PaymentAnswer['form']>) {
  const target = redirectFor(form, null);
  return target.kind === 'none' ? form.action : target.url;
}

/** Sends the browser to the provider by the redirect rules of 002 §4 (the chat app's page, a GET form, or a post). */
function leaveForProvider(answer: PaymentAnswer, orderId: string, orderPath: string) {
  // The chat app's page gets the order and the payment; no visit ids, since the app has none to send.
  const chatApp =
    isChatAppBrowser(navigator.userAgent) && answer.paymentId ? { orderId, paymentId: answer.paymentId } : null;
  const target = redirectFor(answer.form, chatApp);
  // The confirmation path goes into history first, so Back from the provider lands on it.
  window.history.pushState(null, '', confirmationPath(orderPath));
  if (target.kind !== 'none') window.location.assign(target.url);
  else if (answer.form) submitForm(answer.form);
}

/**
 * Pay a deferred payment (quick action): only with enableDeferredPayment and a payment hold. The
 * provider's answer is fetched once the order shows the action (v2 form endpoint under
 * enableDeferredPaymentV2), so "Pay now" acts at once: a QR code (alipay, wechat, unionpay, realtime
 * bank, klarna; not the default bank), or a form the browser follows by the redirect rules of 002 §4.
 */
export function DeferredPaymentSlot({ order }: OrderSlotProps) {
  const { t, date } = useI18n();
  const { enableDeferredPayment, enableDeferredPaymentV2 } = useFlags();
  const returned = returnResult(useSearch());
  const [showQr, setShowQr] = useState(false);
  const offered = enableDeferredPayment && order.paymentHoldFlag && order.actions.deferredPayment?.enabled === true;
  // The payment the shopper started and left (000 §3 deferredPaymentData: the job's form or QR code): it
  // is continued, not started again, so the provider's page or code is the one the shopper already saw.
  const open = openPayment(order.deferredPaymentData);
  const orderPath = window.location.pathname;
  const prepared = usePreparedPayment(
    channelFor(order.payment[0]?.paymentType ?? '', enableDeferredPaymentV2),
    {
      approvalId: order.paymentApprovalId ?? '',
      experienceType: experience(),
      orderNumber: order.orderNumber,
      returnURL: confirmationPath(orderPath),
    },
    offered && !open,
  );
  // "Pay now" goes away when the QR code shows: focus moves to the code (its caption, then the link to the
  // provider's page), not back to the top of the page.
  const figure = useRef<HTMLElement>(null);
  useEffect(() => {
    if (showQr) figure.current?.focus();
  }, [showQr]);
  if (!offered) return null;

  const answer = open ?? prepared.data;
  const pay = () => {
    if (!answer) return;
    // Walk minor 7: on a phone (002 §9 MOBILE) a code to scan with that same phone is no use: the
    // provider's page opens instead, when the answer has one.
    if (answer.qrCodeURL && !(experience() === 'MOBILE' && answer.form)) setShowQr(true);
    else leaveForProvider(answer, order.orderId, orderPath);
  };
  // Loading and failure stay on the one button, so its focus survives Retry.
  const failed = prepared.isError && !prepared.isFetching;
  // The server's last moment to pay (the action's deadline), when it sends one.
  const deadline = order.actions.deferredPayment?.deadline;

  return (
    <div className="deferred-payment">
      {returned === 'success' && <p role="status">{t('payments.pay.returned')}</p>}
      {/* The provider sent the shopper back declined (or cancelled): the hold stays, "Pay now" tries again. */}
      {returned === 'failure' && <Alert>{t('payments.pay.returnedFailure')}</Alert>}
      {failed && <Alert>{t(failureMessage(prepared.error))}</Alert>}
      {deadline && (
        <p className="deferred-payment__deadline">
          {t('payments.pay.deadline', { date: date(deadline, 'longWithWeekday'), time: date(deadline, 'time') })}
        </p>
      )}
      {open && !showQr && <p>{t('payments.pay.openPayment')}</p>}
      {!showQr && (
        <Button
          onClick={() => {
            if (failed) void prepared.refetch();
            else pay();
          }}
          loading={!answer && !failed}
        >
          {t(
            failed
              ? 'common.retry'
              : open
                ? 'payments.pay.continue'
                : answer
                  ? 'payments.pay.button'
                  : 'payments.pay.inProgress',
          )}
        </Button>
      )}
      {showQr && answer?.qrCodeURL && (
        <figure className="deferred-payment__qr" ref={figure} tabIndex={-1}>
          <figcaption>{t('payments.pay.qrHeading')}</figcaption>
          <img
            src={answer.qrCodeURL}
            alt={t('payments.pay.qrAlt', { orderNumber: order.orderNumber })}
            width={180}
            height={180}
          />
          {answer.form && <a href={pageUrl(answer.form)}>{t('payments.pay.openPage')}</a>}
        </figure>
      )}
    </div>
  );
}
