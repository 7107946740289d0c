import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { useFlags } from '@/shared/config/flags';
import { useCountryConfig } from '@/shared/config/config-provider';
import { leaveApp } from '@/shared/routing/leave-app';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { GiftCardForm } from '../components/gift-card-form';
import './gift-card-lookup-page.css';

/**
 * giftCardLookup: /orders/gift-card-lookup, for anyone; its own description and canonical link (spec §2).
 * Under disableGiftCardLookup it sends the shopper to the shop's home page (000 §8).
 */
export function GiftCardLookupPage() {
  const { t } = useI18n();
  const { disableGiftCardLookup } = useFlags();
  const shopUrl = useCountryConfig()?.shopUrl;
  const description = t('giftCards.description');
  useEffect(() => {
    const meta = upsertHead('meta', 'name', 'description');
    meta.setAttribute('content', description);
    const canonical = upsertHead('link', 'rel', 'canonical');
    canonical.setAttribute('href', `${window.location.origin}${window.location.pathname}`);
    return () => {
      meta.remove();
      canonical.remove();
    };
  }, [description]);
  useEffect(() => {
    if (disableGiftCardLookup && shopUrl) leaveApp(shopUrl);
  }, [disableGiftCardLookup, shopUrl]);
  // Switched off (000 §8): to the retailer's shop home (`/config`'s shopUrl), else to this app's start.
  if (disableGiftCardLookup) return shopUrl ? null : <Redirect to={paths.history()} replace />;
  return (
    <div className="narrow-page">
      <h1 tabIndex={-1}>{t('giftCards.heading')}</h1>
      <p className="muted">{description}</p>
      <div className="card">
        <GiftCardForm />
      </div>
    </div>
  );
}

function upsertHead(tag: 'meta' | 'link', key: string, value: string): HTMLElement {
  const existing = document.head.querySelector<HTMLElement>(`${tag}[${key}="${value}"]`);
  if (existing) return existing;
  const element = document.createElement(tag);
  element.setAttribute(key, value);
  document.head.append(element);
  return element;
}
