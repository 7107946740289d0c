import { useEffect, useRef, useState } from 'react';
import type { OrderSlotProps } from '@/shared/order-slots/order-slots';
import { useFlags } from '@/shared/config/flags';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { useI18n } from '@/shared/i18n/i18n-context';
import { PaymentJobFailed, startDeferredPayment, type Channel, type PaymentAnswer } from '../api/deferred-payment';
import { confirmationPath, isChatAppBrowser, redirectFor } from '../model/redirect';
import './deferred-payment.css';

type State =
  | { step: 'idle' }
  | { step: 'working' }
  | { step: 'qr'; answer: PaymentAnswer }
  | { step: 'failed'; message: FailureMessage };

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

/**
 * Pay a deferred payment (quick action): only with enableDeferredPayment and a payment hold. The
 * provider's answer is a QR code (alipay, wechat, unionpay, realtime bank, klarna; not the default bank),
 * or a form the browser follows by the redirect rules of 002 §4.
 */
export function DeferredPaymentSlot({ order }: OrderSlotProps) {
  const { t } = useI18n();
  const { enableDeferredPayment } = useFlags();
  const [state, setState] = useState<State>({ step: 'idle' });
  // "Pay now" goes away when the QR code shows: focus moves to the code (its caption, then the link to the
  // provider's page), not back to the top of the page.
  const figure = useRef<HTMLElement>(null);
  useEffect(() => {
    if (state.step === 'qr') figure.current?.focus();
  }, [state.step]);
  const returned =
    typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('payment') === 'success';
  if (!enableDeferredPayment || !order.paymentHoldFlag || !order.actions.deferredPayment?.enabled) {
    return null;
  }
  const method = order.payment[0]?.paymentType ?? '';
  const channel: Channel = method === 'wechat' ? 'wechat' : 'form-v1';
  const orderPath = window.location.pathname;

  const pay = async () => {
    setState({ step: 'working' });
    try {
      const answer = await startDeferredPayment(channel, {
        approvalId: order.paymentApprovalId ?? '',
        experienceType: experience(),
        orderNumber: order.orderNumber,
        returnURL: confirmationPath(orderPath),
      });
      if (answer.qrCodeURL) {
        setState({ step: 'qr', answer });
        return;
      }
      const chatApp =
        isChatAppBrowser(navigator.userAgent) && answer.paymentId
          ? { orderId: order.orderId, paymentId: answer.paymentId, visitId: '1', visitorId: order.orderNumber }
          : null;
      const target = redirectFor(answer.form, chatApp);
      // The confirmation path goes into history first, so Back from the provider lands on it.
      window.history.pushState(null, '', confirmationPath(orderPath));
      if (target.kind !== 'none') window.location.assign(target.url);
      else if (answer.form) submitForm(answer.form);
    } catch (error) {
      setState({ step: 'failed', message: failureMessage(error) });
    }
  };

  return (
    <div className="deferred-payment">
      {returned && <p role="status">{t('payments.pay.returned')}</p>}
      {state.step !== 'qr' && (
        <Button
          onClick={() => {
            void pay();
          }}
          loading={state.step === 'working'}
        >
          {t(state.step === 'working' ? 'payments.pay.inProgress' : 'payments.pay.button')}
        </Button>
      )}
      {state.step === 'failed' && <Alert>{t(state.message)}</Alert>}
      {state.step === 'qr' && state.answer.qrCodeURL && (
        <figure className="deferred-payment__qr" ref={figure} tabIndex={-1}>
          <figcaption>{t('payments.pay.qrHeading')}</figcaption>
          <img
            src={state.answer.qrCodeURL}
            alt={t('payments.pay.qrAlt', { orderNumber: order.orderNumber })}
            width={180}
            height={180}
          />
          {state.answer.form && <a href={pageUrl(state.answer.form)}>{t('payments.pay.openPage')}</a>}
        </figure>
      )}
    </div>
  );
}
