import type { Product } from '@/shared/api/types';
import { ProductPicture } from '@/shared/ui/product-picture';
import './items.css';

/** The product photo; its alt text is the product title. Without a photo a neutral drawing stands in. */
export function ProductImage({ product, size }: { product: Product; size: number }) {
  return <ProductPicture src={product.productImage} title={product.title} size={size} className="product-image" />;
}
