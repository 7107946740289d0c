import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useRouteFocus } from './use-route-focus';

function Harness({ location, children }: { location: string; children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main, location);
  return (
    <>
      <a href="#nav">Header link</a>
      <main ref={main}>{children}</main>
    </>
  );
}

/** Renders `page` at `location`; the answer shows the next page at its location (a route change). */
function open(location: string, page: ReactNode) {
  const { rerender } = render(<Harness location={location}>{page}</Harness>);
  return (next: string, nextPage: ReactNode) => {
    rerender(<Harness location={next}>{nextPage}</Harness>);
  };
}

const heading = (text: string) => <h1 tabIndex={-1}>{text}</h1>;
const interact = () => {
  fireEvent.pointerDown(document.body);
};
/** Lets the MutationObserver (a microtask) run. */
const settle = () => new Promise((done) => setTimeout(done, 0));
const headingGetsFocus = (name: string) =>
  waitFor(() => {
    expect(screen.getByRole('heading', { name })).toHaveFocus();
  });

describe('useRouteFocus', () => {
  it('does nothing on the first render', async () => {
    open('/a', heading('A'));
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it('does nothing on a route change before the shopper has interacted (a redirect while loading)', async () => {
    const go = open('/a', heading('A'));
    go('/b', heading('B'));
    await settle();
    expect(screen.getByRole('heading', { name: 'B' })).not.toHaveFocus();
  });

  it('focuses the new h1 after a shopper-made route change, even from a link outside main', async () => {
    const go = open('/a', heading('A'));
    screen.getByRole('link', { name: 'Header link' }).focus();
    interact();
    go('/b', heading('B'));
    await headingGetsFocus('B');
  });

  it('gives a heading without tabIndex one', async () => {
    const go = open('/a', <p>a</p>);
    interact();
    go('/b', <h1>B</h1>);
    const found = screen.getByRole('heading', { name: 'B' });
    await waitFor(() => {
      expect(found).toHaveFocus();
    });
    expect(found).toHaveAttribute('tabindex', '-1');
  });

  it('skips the previous page React keeps hidden while the next one loads, and waits for the new h1', async () => {
    const go = open('/a', heading('Old'));
    screen.getByRole('link', { name: 'Header link' }).focus();
    interact();
    const hiddenOld = <div style={{ display: 'none' }}>{heading('Old')}</div>;
    go(
      '/b',
      <>
        {hiddenOld}
        <p>Loading</p>
      </>,
    );
    await settle();
    expect(screen.getByRole('link', { name: 'Header link' })).toHaveFocus();
    go('/b', heading('New'));
    await headingGetsFocus('New');
  });

  it('follows a loading heading to the heading that replaces it', async () => {
    const go = open('/a', heading('A'));
    interact();
    go(
      '/b',
      <h1 tabIndex={-1} key="loading">
        Loading B
      </h1>,
    );
    await headingGetsFocus('Loading B');
    go(
      '/b',
      <h1 tabIndex={-1} key="loaded">
        B
      </h1>,
    );
    await headingGetsFocus('B');
  });

  it('leaves focus a page put on a field', async () => {
    const go = open('/a', heading('A'));
    interact();
    go(
      '/b',
      <>
        {heading('B')}
        <input aria-label="Field" autoFocus />
      </>,
    );
    await settle();
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveFocus();
  });

  it('stops watching once the shopper presses a key', async () => {
    const go = open('/a', heading('A'));
    interact();
    go('/b', <p>Loading</p>);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    go('/b', heading('Late'));
    await settle();
    expect(screen.getByRole('heading', { name: 'Late' })).not.toHaveFocus();
  });
});
