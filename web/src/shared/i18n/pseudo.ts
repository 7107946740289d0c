import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CompiledMessage, Messages } from './messages';

/**
 * The pseudo-locale en-XA, made from English at load time: every letter accented, every vowel doubled
 * (about 35% longer, like German or Finnish) and each message wrapped in [ ]. Text on a page that shows
 * without the brackets did not come through the catalogue; a box that overflows will overflow for real
 * languages too. Only literal text changes: arguments, plural and select structure stay intact.
 */
const ACCENTED: Record<string, string> = {
  a: 'à',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
const VOWELS = /[aeiouyAEIOUY]/;

export function pseudoText(text: string): string {
  let output = '';
  for (const char of text) {
    const accented = ACCENTED[char] ?? char;
    output += VOWELS.test(char) ? accented + accented.toLowerCase() : accented;
  }
  return output;
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([name, option]) => [
          name,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

export function pseudoMessage(message: CompiledMessage): CompiledMessage {
  if (typeof message === 'string') return `[${pseudoText(message)}]`;
  return [{ type: TYPE.literal, value: '[' }, ...pseudoElements(message), { type: TYPE.literal, value: ']' }];
}

export function pseudoLocalize(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => [key, pseudoMessage(message)]),
  ) as Messages;
}
