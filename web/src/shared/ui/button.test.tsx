import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('button styles', () => {
  it("slows the loading spinner for reduced motion in the button's own sheet, after its animation", () => {
    // The build may put spinner.css before or after button.css: the override must not depend on that order.
    const css = readFileSync('src/shared/ui/button.css', 'utf8');
    const shorthand = css.search(/\.button__spinner\s*\{[^}]*animation:\s*spin/);
    const reduced = css.search(
      /@media \(prefers-reduced-motion: reduce\)\s*\{\s*\.button__spinner\s*\{\s*animation-duration:\s*3s;/,
    );
    expect(shorthand).toBeGreaterThanOrEqual(0);
    expect(reduced).toBeGreaterThan(shorthand);
  });
});
