import type { OrderGroup } from '@/shared/api/types';

/** `encodedMessage` is base64 (UTF-8) as the order system sends it; text that is not base64 is taken as it is. */
function decodeBase64(text: string): string {
  try {
    const bytes = Uint8Array.from(atob(text.trim()), (character) => character.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return text;
  }
}

/**
 * Markup or entities to plain text. DOMParser's document is inert (no script runs, nothing loads), and only
 * its text is kept: the page renders the message as text, never as HTML.
 */
function plainText(markup: string): string {
  const body = new DOMParser().parseFromString(markup, 'text/html').body;
  // Code and styles are not words for the shopper.
  body.querySelectorAll('script, style, template').forEach((element) => {
    element.remove();
  });
  return body.textContent.replace(/\s+/g, ' ').trim();
}

/** The group's message box (000 §2, §3): `message`, else the decoded `encodedMessage`, as plain text; null when neither says anything. */
export function groupMessage(group: Pick<OrderGroup, 'message' | 'encodedMessage'>): string | null {
  const message = group.message?.trim();
  if (message) return message;
  const encoded = group.encodedMessage?.trim();
  return (encoded && plainText(decodeBase64(encoded))) || null;
}
