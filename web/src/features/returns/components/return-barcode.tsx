import { barRects, encodeCode128 } from '../model/code128';

/** The store-return barcode (CODE128) of the return number, named for screen readers by its text. */
export function ReturnBarcode({ value, label }: { value: string; label: string }) {
  const code = encodeCode128(value);
  if (!code) return null;
  const { rects, width } = barRects(code);
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={code.height}
      viewBox={`0 0 ${String(width)} ${String(code.height)}`}
    >
      <rect width={width} height={code.height} fill="#fff" />
      {rects.map((rect) => (
        <rect key={rect.x} x={rect.x} width={rect.width} height={code.height} fill="#000" />
      ))}
    </svg>
  );
}
