import type { Product } from '@/shared/api/types';
import { useI18n } from '@/shared/i18n/i18n-context';
import './items.css';

interface ItemFactsProps {
  product: Product;
  quantity: number;
  /** The order detail shows the style colour; the history list does not. */
  withStyleColor?: boolean;
}

/** Category, colour, size (and style colour), and the quantity only when it is above 1. */
export function ItemFacts({ product, quantity, withStyleColor = false }: ItemFactsProps) {
  const { t } = useI18n();
  const facts = [
    product.category,
    product.color && t('orders.item.color', { color: product.color }),
    product.size && t('orders.item.size', { size: product.size }),
    withStyleColor && product.styleColor && t('orders.item.styleColor', { styleColor: product.styleColor }),
    quantity > 1 && t('orders.item.quantity', { count: quantity }),
  ].filter((fact): fact is string => typeof fact === 'string' && fact !== '');
  return (
    <ul className="item-facts">
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
    </ul>
  );
}
