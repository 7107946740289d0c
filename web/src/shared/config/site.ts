/**
 * Links that leave the app. A deployment sets them at build time (VITE_HELP_URL, VITE_CONTACT_URL);
 * `{country}` and `{language}` are filled from the shopper's locale.
 */
const HELP_URL: string = import.meta.env.VITE_HELP_URL ?? '/help?country={country}&language={language}';
const CONTACT_URL: string = import.meta.env.VITE_CONTACT_URL ?? '/help/contact?country={country}&language={language}';

const fill = (template: string, country: string, language: string) =>
  template.replaceAll('{country}', encodeURIComponent(country)).replaceAll('{language}', encodeURIComponent(language));

export const helpUrl = (country: string, language: string): string => fill(HELP_URL, country, language);
export const contactUrl = (country: string, language: string): string => fill(CONTACT_URL, country, language);
