import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import formatsFile from '@data/countries/formats.json';
import { CountryFormats, useI18n } from './i18n-context';

function Dates() {
  const { date } = useI18n();
  return (
    <p>
      {date('2026-11-23T15:05:00Z', 'long')} | {date('2026-11-23T15:05:00Z', 'time')}
    </p>
  );
}

describe('CountryFormats: the server decides how dates look (spec 000 §9 format groups)', () => {
  it("writes dates with the country's format group from /config", () => {
    render(
      <CountryFormats formats={formatsFile.groups['2'] as never} hour12={false}>
        <Dates />
      </CountryFormats>,
    );
    // Group 2 (CJK markets) is numeric, and a 24-hour clock where the country says so.
    expect(screen.getByText(/^11\/23\/2026 \| \d{2}:05$/)).toBeInTheDocument();
  });

  it('keeps month names and the 12-hour clock of group 1 without a configuration', () => {
    render(
      <CountryFormats formats={undefined} hour12={undefined}>
        <Dates />
      </CountryFormats>,
    );
    expect(screen.getByText(/^November 23, 2026 \| \d{1,2}:05 (AM|PM)$/)).toBeInTheDocument();
  });
});
