import type { CSSProperties } from 'react';
import './product-picture.css';

/**
 * A product's picture, its alt text the product's title. Without a picture (an order line fed without
 * one) a neutral drawing stands in: the drawing is decorative, the title is still given to screen readers
 * as the picture's alt would. `className` lets a page size both alike (e.g. `product-image`).
 */
export function ProductPicture({
  src,
  title,
  size,
  className,
}: {
  src: string | null | undefined;
  title: string;
  size: number;
  className?: string;
}) {
  const classes = (own: string) => (className ? `${own} ${className}` : own);
  if (!src?.trim()) {
    return (
      <span
        className={classes('product-picture product-picture--placeholder')}
        style={{ '--product-picture-size': `${String(size)}px` } as CSSProperties}
        role="img"
        aria-label={title}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="product-picture__drawing">
          <rect x="3" y="4.5" width="18" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="8.5" cy="9.5" r="1.75" fill="currentColor" />
          <path
            d="M3.75 17.5l5-5 3.5 3.5 2.75-2.75 5.25 5.25"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    );
  }
  return (
    <img
      className={classes('product-picture')}
      src={src}
      alt={title}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
