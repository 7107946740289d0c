import { describe, expect, it } from 'vitest';
import { barRects, encodeCode128 } from './code128';

describe('encodeCode128', () => {
  it('starts with start B, ends with the stop, and carries the mod-103 checksum', () => {
    const code = encodeCode128('R0000000042');
    // Start B 104; 'R' = 50, '0' = 16, '4' = 20, '2' = 18 in code set B.
    const data = [50, 16, 16, 16, 16, 16, 16, 16, 16, 20, 18];
    const checksum = data.reduce((sum, value, index) => sum + value * (index + 1), 104) % 103;
    expect(code?.values).toEqual([104, ...data, checksum]);
    expect(code?.widths.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(code?.widths.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
    // Every symbol is 11 modules, the stop 13.
    expect(code?.widths.reduce((a, b) => a + b, 0)).toBe(11 * 13 + 13);
  });

  it('uses bar width 2 up to 13 characters and 1.5 beyond (spec 000 §9)', () => {
    expect(encodeCode128('R123456789012')?.barWidth).toBe(2);
    expect(encodeCode128('R1234567890123')?.barWidth).toBe(1.5);
    expect(encodeCode128('R1')?.height).toBe(100);
  });

  it('refuses text code set B cannot hold', () => {
    expect(encodeCode128('')).toBeNull();
    expect(encodeCode128('반품')).toBeNull();
  });

  it('draws only the bars, with quiet zones of 10 modules', () => {
    const code = encodeCode128('A');
    if (!code) throw new Error('no code');
    const { rects, width } = barRects(code);
    expect(rects[0]).toEqual({ x: 20, width: 4 });
    expect(rects).toHaveLength(code.widths.length / 2 + 0.5);
    expect(width).toBe((11 * 3 + 13 + 20) * 2);
  });
});
