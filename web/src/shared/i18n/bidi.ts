import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: the text form of `<bdi>`. */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Text put into a right-to-left sentence as its own direction island, as `<bdi>` would: an order number,
 * a price, a phone or an e-mail keeps its Latin order ("+971800060100", not "971800060100+") and does not
 * pull the Arabic words around it out of place (walk minor 21).
 */
export const isolate = (text: string): string => `${FSI}${text}${PDI}`;

/**
 * The names a message prints as they are (`{orderNumber}`), in every branch of its plurals and selects;
 * a select's own argument is a key, never printed, and stays out.
 */
export function printedArguments(elements: readonly MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) into.add(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) printedArguments(option.value, into);
    }
    if (element.type === TYPE.tag) printedArguments(element.children, into);
  }
  return into;
}
