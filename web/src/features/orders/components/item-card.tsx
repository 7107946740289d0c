import type { OrderItem } from '@/shared/api/types';
import { useI18n } from '@/shared/i18n/i18n-context';
import { ItemFacts } from './item-facts';
import { ProductImage } from './product-image';

export function ItemCard({ item, currency }: { item: OrderItem; currency: string }) {
  const { money } = useI18n();
  return (
    <li className="item-card">
      <ProductImage product={item.product} size={128} />
      <div className="item-card__body">
        <h3 className="item-card__title">{item.product.title}</h3>
        <p className="item-card__price">{money(item.lineItemTransaction.lineItemChargedPrice, currency)}</p>
        <ItemFacts product={item.product} quantity={item.lineItemTransaction.quantity} withStyleColor />
      </div>
    </li>
  );
}
