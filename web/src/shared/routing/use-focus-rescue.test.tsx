import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '@/shared/ui/dialog';
import { useFocusRescue } from './use-focus-rescue';

/** A page whose button goes away when pressed (as "Pay now" and "I'm here" do), and one that opens a dialog. */
function Page({ withDialog = false }: { withDialog?: boolean }) {
  const main = useRef<HTMLElement>(null);
  useFocusRescue(main);
  const [done, setDone] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <main ref={main}>
      <h1>Order</h1>
      {!done && !withDialog && (
        <button type="button" onClick={() => setDone(true)}>
          Pay now
        </button>
      )}
      {done && <p>Paid</p>}
      {withDialog && !done && (
        <button type="button" onClick={() => setOpen(true)}>
          Cancel order
        </button>
      )}
      {open && (
        <Dialog
          title="Cancel order"
          onDismiss={() => setOpen(false)}
          actions={
            <button
              type="button"
              onClick={() => {
                // The order is cancelled: the dialog closes and the button that opened it goes away.
                setOpen(false);
                setDone(true);
              }}
            >
              Yes
            </button>
          }
        >
          <p>Sure?</p>
        </Dialog>
      )}
    </main>
  );
}

describe('useFocusRescue', () => {
  it('moves focus to the page heading when the focused control goes away, not to the body', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pay now' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Order' })).toHaveFocus();
    });
  });

  it('after a dialog whose opener is gone, focus is on the page heading', async () => {
    const user = userEvent.setup();
    render(<Page withDialog />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Order' })).toHaveFocus();
    });
  });

  it('leaves focus alone when nothing focused was removed', async () => {
    const user = userEvent.setup();
    render(<Page withDialog />);
    await user.tab();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toHaveFocus();
  });
});
