import { Fragment } from 'react';
import { isolate } from '@/shared/i18n/bidi';
import { useI18n } from '@/shared/i18n/i18n-context';

/** Address lines, one per line (format them with `addressForDisplay` first); blank lines are left out. */
export function AddressLines({ lines }: { lines: readonly string[] }) {
  // Right to left, each line keeps its own order ("1 Market Street", not "Market Street 1"), as <bdi> would.
  const { dir } = useI18n();
  const shown = lines.map((line) => line.trim()).filter((line) => line !== '');
  return (
    <p className="address-lines">
      {shown.map((line, index) => (
        <Fragment key={`${String(index)}-${line}`}>
          {index > 0 && <br />}
          {dir === 'rtl' ? isolate(line) : line}
        </Fragment>
      ))}
    </p>
  );
}

export const hasAddressLines = (lines: readonly string[] | null | undefined): boolean =>
  (lines ?? []).some((line) => line.trim() !== '');
