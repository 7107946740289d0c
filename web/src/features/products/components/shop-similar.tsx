import { useId, useRef, useState } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { useShopSimilar } from '../api/shop-similar';
import './shop-similar.css';

/** Slides the arrows move by (spec 000 §9: step 2). */
const STEP = 2;

/**
 * Shop similar (spec 002 §2, §4): closed by default; loads on first opening only; 2.5 / 3.5 / 4.5 / 5.5
 * slides at xs / s / m / l (shop-similar.css); the arrows move two slides.
 */
export function ShopSimilar({ styleColor, currency }: { styleColor: string; currency: string }) {
  const { t, money } = useI18n();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const track = useRef<HTMLUListElement>(null);
  const similar = useShopSimilar(styleColor, currency, opened);

  const toggle = () => {
    setOpen((value) => !value);
    setOpened(true);
  };
  const move = (direction: 1 | -1) => {
    const list = track.current;
    const slide = list?.querySelector<HTMLElement>('li');
    if (!list || !slide) return;
    list.scrollBy({
      left: direction * STEP * slide.offsetWidth * (document.dir === 'rtl' ? -1 : 1),
      behavior: 'smooth',
    });
  };
  const objects = similar.data?.objects ?? [];

  return (
    <div className="shop-similar">
      <button type="button" className="link-button" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
        {t('products.shopSimilar.toggle')}
      </button>
      <div id={panelId} hidden={!open} className="shop-similar__panel">
        {similar.isPending && opened && <p className="muted">{t('app.loading')}</p>}
        {similar.isError && <p role="alert">{t('products.shopSimilar.failure')}</p>}
        {similar.isSuccess && objects.length === 0 && <p>{t('products.shopSimilar.empty')}</p>}
        {objects.length > 0 && (
          <>
            <ul ref={track} className="shop-similar__track" aria-label={t('products.shopSimilar.label')}>
              {objects.map((product) => (
                <li key={product.styleColor} className="shop-similar__slide">
                  {/* Not a link: the answer names no product page (a slug alone is no route of this site or
                      the store's, walk minor 13); a tile shows the product until the server sends its link. */}
                  <div className="shop-similar__link">
                    <img src={product.image} alt="" width={160} height={160} loading="lazy" />
                    <span className="shop-similar__title">{product.title}</span>
                    <span className="muted">{product.subtitle}</span>
                    {/* In the currency asked for (the order's), when the catalogue has a price there. */}
                    {product.price != null && (
                      <span className="shop-similar__price">{money(product.price, product.currency)}</span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <div className="shop-similar__arrows">
              <Button
                variant="secondary"
                onClick={() => {
                  move(-1);
                }}
                aria-label={t('products.shopSimilar.previous')}
              >
                ‹
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  move(1);
                }}
                aria-label={t('products.shopSimilar.next')}
              >
                ›
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
