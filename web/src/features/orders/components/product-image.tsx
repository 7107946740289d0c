import type { Product } from '@/shared/api/types';
import './items.css';

/** The product photo; its alt text is the product title. Without a photo a neutral tile stands in. */
export function ProductImage({ product, size }: { product: Product; size: number }) {
  if (!product.productImage) {
    return (
      <div className="product-image product-image--empty" style={{ width: size, height: size }} aria-hidden="true" />
    );
  }
  return (
    <img
      className="product-image"
      src={product.productImage}
      alt={product.title}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
