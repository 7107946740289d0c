/**
 * Postal-code masks from the server's layout (data/addresses/layouts.json): 9 a digit, A a letter,
 * anything else written as is. The server applies the same rule; this copy only spares a round trip.
 */
export function formatPostalCode(masks: readonly string[], typed: string): string | null {
  // Postal codes are ASCII letters and digits: splitting by code unit is right here.
  const compact = Array.from(typed.replace(/[\s-]/g, '').toUpperCase());
  if (masks.length === 0) {
    const text = typed.trim().split(/\s+/).join(' ').toUpperCase();
    return /^[A-Z0-9 -]{2,10}$/.test(text) && /[A-Z0-9]/.test(text) ? text : null;
  }
  for (const mask of masks) {
    const slots = mask.replace(/[^9A]/g, '').length;
    if (slots !== compact.length) continue;
    let index = 0;
    let out = '';
    let fits = true;
    for (const slot of mask) {
      if (slot === '9' || slot === 'A') {
        const c = compact[index++] ?? '';
        if ((slot === '9' && !/^[0-9]$/.test(c)) || (slot === 'A' && !/^[A-Z]$/.test(c))) {
          fits = false;
          break;
        }
        out += c;
      } else {
        out += slot;
      }
    }
    if (fits) return out;
  }
  return null;
}
