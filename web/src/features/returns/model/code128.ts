/**
 * CODE128 (code set B) for the store-return barcode (spec 000 §9: height 100, bar width 1.5 when the
 * text is longer than 13 characters, otherwise 2). Widths per symbol value: bar, space, bar, space,
 * bar, space (checked against the barcoders crate the server uses for its labels).
 */
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232'
).split(' ');
const START_B = 104;
const STOP = '2331112';
/** Quiet zone on each side, in modules. */
const QUIET = 10;

export interface Barcode {
  /** Bar and space widths in modules, starting with a bar. */
  widths: number[];
  /** Symbol values: start, data, checksum (without the stop). */
  values: number[];
  barWidth: number;
  height: number;
}

/** Null for text code set B cannot hold (outside printable ASCII). */
export function encodeCode128(text: string): Barcode | null {
  if (text === '' || !/^[\x20-\x7e]+$/.test(text)) return null;
  // Printable ASCII only (checked above): one UTF-16 unit per character.
  const data = Array.from(text, (char) => char.charCodeAt(0) - 32);
  const checksum = data.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103;
  const values = [START_B, ...data, checksum];
  const widths = [...values.map((value) => PATTERNS[value] ?? ''), STOP].join('').split('').map(Number);
  return { widths, values, barWidth: text.length > 13 ? 1.5 : 2, height: 100 };
}

/** The bars as rectangles (x, width) in px, quiet zones included, and the total width. */
export function barRects(code: Barcode): { rects: { x: number; width: number }[]; width: number } {
  const rects: { x: number; width: number }[] = [];
  let x = QUIET * code.barWidth;
  code.widths.forEach((modules, index) => {
    const width = modules * code.barWidth;
    if (index % 2 === 0) rects.push({ x, width });
    x += width;
  });
  return { rects, width: x + QUIET * code.barWidth };
}
