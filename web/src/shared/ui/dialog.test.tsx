import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

/** A dialog that shows one thing, then another (confirm, working, done), as the cancel dialog does. */
function Staged() {
  const [stage, setStage] = useState<'confirm' | 'working' | 'done'>('confirm');
  useEffect(() => {
    if (stage !== 'working') return;
    const timer = setTimeout(() => {
      setStage('done');
    }, 10);
    return () => {
      clearTimeout(timer);
    };
  }, [stage]);
  const actions = {
    confirm: (
      <>
        <button type="button" onClick={() => setStage('working')}>
          Yes
        </button>
        <button type="button">No</button>
      </>
    ),
    working: null,
    done: <a href="#close">Close</a>,
  }[stage];
  return (
    <Dialog title={stage === 'done' ? 'Order cancelled' : 'Cancel order'} onDismiss={() => undefined} actions={actions}>
      <p>{stage}</p>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('keeps focus inside when its content changes under the focused control', async () => {
    const user = userEvent.setup();
    render(<Staged />);
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Close' })).toHaveFocus();
    });
  });
});
