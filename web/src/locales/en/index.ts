/**
 * English is the source language: these files type every key (MessageKey) and every other
 * language must carry exactly the same keys. A new area file needs one import and one spread here.
 * Loaded lazily like every other language (its own chunk); only its type is used statically.
 */
import type { Messages } from '@/shared/i18n/messages';
import common from './common.json';
import app from './app.json';
import auth from './auth.json';
import orders from './orders.json';
import guestLookup from './guestLookup.json';
import returns from './returns.json';
import cancellation from './cancellation.json';
import pickups from './pickups.json';
import payments from './payments.json';
import giftCards from './giftCards.json';
import addresses from './addresses.json';
import cart from './cart.json';
import products from './products.json';
import reviews from './reviews.json';
import einvoice from './einvoice.json';
import config from './config.json';

export const en = {
  ...common,
  ...app,
  ...auth,
  ...orders,
  ...guestLookup,
  ...returns,
  ...cancellation,
  ...pickups,
  ...payments,
  ...giftCards,
  ...addresses,
  ...cart,
  ...products,
  ...reviews,
  ...einvoice,
  ...config,
};

/** The same catalogue as every other language exports it (values compiled at build time). */
export const messages = en as unknown as Messages;
