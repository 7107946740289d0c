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

const interact = () => {
  fireEvent.pointerDown(document.body);
};
/** Lets the MutationObserver (a microtask) run. */
const settle = () => new Promise((done) => setTimeout(done, 0));

describe('useRouteFocus', () => {
  it('does nothing on the first render', async () => {
    render(
      <Harness location="/a">
        <h1 tabIndex={-1}>A</h1>
      </Harness>,
    );
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it('does nothing on a route change before the shopper has interacted (a redirect while loading)', async () => {
    const { rerender } = render(
      <Harness location="/a">
        <h1 tabIndex={-1}>A</h1>
      </Harness>,
    );
    rerender(
      <Harness location="/b">
        <h1 tabIndex={-1}>B</h1>
      </Harness>,
    );
    await settle();
    expect(screen.getByRole('heading', { name: 'B' })).not.toHaveFocus();
  });

  it('focuses the new h1 after a shopper-made route change, even from a link outside main', async () => {
    const { rerender } = render(
      <Harness location="/a">
        <h1 tabIndex={-1}>A</h1>
      </Harness>,
    );
    screen.getByRole('link', { name: 'Header link' }).focus();
    interact();
    rerender(
      <Harness location="/b">
        <h1 tabIndex={-1}>B</h1>
      </Harness>,
    );
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'B' })).toHaveFocus();
    });
  });

  it('gives a heading without tabIndex one', async () => {
    const { rerender } = render(
      <Harness location="/a">
        <p>a</p>
      </Harness>,
    );
    interact();
    rerender(
      <Harness location="/b">
        <h1>B</h1>
      </Harness>,
    );
    const heading = screen.getByRole('heading', { name: 'B' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('skips the previous page React keeps hidden while the next one loads, and waits for the new h1', async () => {
    const { rerender } = render(
      <Harness location="/a">
        <h1 tabIndex={-1}>Old</h1>
      </Harness>,
    );
    screen.getByRole('link', { name: 'Header link' }).focus();
    interact();
    const hiddenOld = (
      <div style={{ display: 'none' }}>
        <h1 tabIndex={-1}>Old</h1>
      </div>
    );
    rerender(
      <Harness location="/b">
        {hiddenOld}
        <p>Loading</p>
      </Harness>,
    );
    await settle();
    expect(screen.getByRole('link', { name: 'Header link' })).toHaveFocus();
    rerender(
      <Harness location="/b">
        <h1 tabIndex={-1}>New</h1>
      </Harness>,
    );
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'New' })).toHaveFocus();
    });
  });

  it('follows a loading heading to the heading that replaces it', async () => {
    const { rerender } = render(
      <Harness location="/a">
        <h1 tabIndex={-1}>A</h1>
      </Harness>,
    );
    interact();
    rerender(
      <Harness location="/b">
        <h1 tabIndex={-1} key="loading">
          Loading B
        </h1>
      </Harness>,
    );
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Loading B' })).toHaveFocus();
    });
    rerender(
      <Harness location="/b">
        <h1 tabIndex={-1} key="loaded">
          B
        </h1>
      </Harness>,
    );
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'B' })).toHaveFocus();
    });
  });

  it('leaves focus a page put on a field', async () => {
    const { rerender } = render(
      <Harness location="/a">
        <h1 tabIndex={-1}>A</h1>
      </Harness>,
    );
    interact();
    rerender(
      <Harness location="/b">
        <h1 tabIndex={-1}>B</h1>
        <input aria-label="Field" autoFocus />
      </Harness>,
    );
    await settle();
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveFocus();
  });

  it('stops watching once the shopper presses a key', async () => {
    const { rerender } = render(
      <Harness location="/a">
        <h1 tabIndex={-1}>A</h1>
      </Harness>,
    );
    interact();
    rerender(
      <Harness location="/b">
        <p>Loading</p>
      </Harness>,
    );
    fireEvent.keyDown(document.body, { key: 'Tab' });
    rerender(
      <Harness location="/b">
        <h1 tabIndex={-1}>Late</h1>
      </Harness>,
    );
    await settle();
    expect(screen.getByRole('heading', { name: 'Late' })).not.toHaveFocus();
  });
});
