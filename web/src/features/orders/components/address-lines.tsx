import { Fragment } from 'react';

/** Address lines, one per line (format them with `addressForDisplay` first); blank lines are left out. */
export function AddressLines({ lines }: { lines: readonly string[] }) {
  const shown = lines.map((line) => line.trim()).filter((line) => line !== '');
  return (
    <p className="address-lines">
      {shown.map((line, index) => (
        <Fragment key={`${String(index)}-${line}`}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  );
}

export const hasAddressLines = (lines: readonly string[] | null | undefined): boolean =>
  (lines ?? []).some((line) => line.trim() !== '');
