import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { I18n } from '@/shared/i18n/i18n-context';
import { reasonName } from './reason-name';

/** Every app code the server can send (return options' reasons), read from the server's own table. */
const SERVER_REASONS = [
  ...readFileSync(join(process.cwd(), '../crates/domain/src/returns/reasons.rs'), 'utf8').matchAll(
    /reason\("(\w+)", "(\w+)", "[^"]*"\)/g,
  ),
].map(([, appCode, serverCode]) => ({ appCode: appCode!, serverCode: serverCode! }));

const root = join(process.cwd(), 'src/locales');
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The branches of a language's reason message ("{reason, select, tooBig {...} ...}"). */
const branches = (language: string) => {
  const message = (JSON.parse(readFileSync(join(root, language, 'returns.json'), 'utf8')) as Record<string, string>)[
    'returns.reason.name'
  ]!;
  return new Set([...message.matchAll(/(?:[{},])\s*(\w+) \{/g)].map(([, branch]) => branch));
};
/** A t() that answers the select branch chosen. */
const branchOf = ((_key: string, values?: { reason?: string }) => values?.reason ?? '') as unknown as I18n['t'];

describe('return reason names', () => {
  it('read the server table', () => {
    expect(SERVER_REASONS.length).toBeGreaterThan(10);
  });

  it.each(languages)('%s has a text for every reason the server can send, in the server codes', (language) => {
    const known = branches(language);
    for (const { appCode, serverCode } of SERVER_REASONS) {
      const shown = reasonName({ reason: { code: appCode, serverCode, text: 'ENGLISH' }, t: branchOf });
      expect(shown, `${appCode} (${serverCode})`).not.toBe('ENGLISH');
      expect(known.has(shown), `${language}: ${shown}`).toBe(true);
    }
  });

  it("names Australia's 501 as the spec's wrong product delivered", () => {
    expect(reasonName({ reason: { code: 'wrongItem', serverCode: '501' }, t: branchOf })).toBe('wrongProduct');
    expect(reasonName({ reason: { code: 'wrongItem', serverCode: '5' }, t: branchOf })).toBe('wrongItem');
  });
});
