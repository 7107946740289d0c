import { describe, expect, it } from 'vitest';
import { groupMessage } from './group-message';

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('groupMessage', () => {
  it('prefers the plain message', () => {
    expect(groupMessage({ message: ' Hi ', encodedMessage: base64('Other') })).toBe('Hi');
  });

  it('decodes a base64 encodedMessage (UTF-8) when there is no plain message', () => {
    expect(groupMessage({ encodedMessage: base64('Livraison prévue lundi') })).toBe('Livraison prévue lundi');
  });

  it('keeps only the text of markup: nothing of it is ever rendered as HTML', () => {
    const markup =
      '<p>Left <b>our</b> warehouse &amp; on its way<img src=x onerror="alert(1)"><script>x()</script></p>';
    expect(groupMessage({ encodedMessage: base64(markup) })).toBe('Left our warehouse & on its way');
    expect(groupMessage({ encodedMessage: 'Not &lt;base64&gt;!' })).toBe('Not <base64>!');
  });

  it('is null when neither says anything', () => {
    expect(groupMessage({})).toBeNull();
    expect(groupMessage({ message: '  ', encodedMessage: base64('<br>') })).toBeNull();
  });
});
