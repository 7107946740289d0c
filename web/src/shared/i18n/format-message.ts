/**
 * A small ICU-style formatter: `{name}` placeholders and
 * `{count, plural, =0 {...} one {# item} other {# items}}` with the language's real plural rules.
 */
export type MessageValues = Readonly<Record<string, string | number>>;

interface FormatContext {
  values: MessageValues;
  plurals: Intl.PluralRules;
  numbers: Intl.NumberFormat;
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '{') depth++;
    else if (text[index] === '}' && --depth === 0) return index;
  }
  return -1;
}

function parseBranches(text: string): Map<string, string> {
  const branches = new Map<string, string>();
  let index = 0;
  while (index < text.length) {
    const open = text.indexOf('{', index);
    if (open < 0) break;
    const close = closingBrace(text, open);
    if (close < 0) break;
    branches.set(text.slice(index, open).trim(), text.slice(open + 1, close));
    index = close + 1;
  }
  return branches;
}

function renderArgument(inner: string, context: FormatContext): string {
  const [name = '', type, ...rest] = inner.split(',');
  const value = context.values[name.trim()];
  if (type === undefined) return value === undefined ? `{${inner}}` : typeof value === 'number' ? context.numbers.format(value) : value;
  if (type.trim() !== 'plural') return `{${inner}}`;
  const count = Number(value);
  const branches = parseBranches(rest.join(','));
  const branch = branches.get(`=${count}`) ?? branches.get(context.plurals.select(count)) ?? branches.get('other') ?? '';
  return render(branch, context, count);
}

function render(text: string, context: FormatContext, count?: number): string {
  let output = '';
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (char === '{') {
      const close = closingBrace(text, index);
      if (close < 0) return output + text.slice(index);
      output += renderArgument(text.slice(index + 1, close), context);
      index = close;
    } else if (char === '#' && count !== undefined) {
      output += context.numbers.format(count);
    } else {
      output += char;
    }
  }
  return output;
}

const pluralRulesCache = new Map<string, Intl.PluralRules>();
const numberCache = new Map<string, Intl.NumberFormat>();

export function formatMessage(template: string, values: MessageValues, locale: string): string {
  if (!template.includes('{')) return template;
  let plurals = pluralRulesCache.get(locale);
  if (!plurals) pluralRulesCache.set(locale, (plurals = new Intl.PluralRules(locale)));
  let numbers = numberCache.get(locale);
  if (!numbers) numberCache.set(locale, (numbers = new Intl.NumberFormat(locale)));
  return render(template, { values, plurals, numbers });
}
