import { render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '@/shared/i18n/messages';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { PageFailure } from './chunk-failure';
import { reloadPage } from './leave-app';

vi.mock('./leave-app', () => ({ reloadPage: vi.fn(), leaveApp: vi.fn() }));

function Broken({ message }: { message: string }): never {
  throw new Error(message);
}

const renderFailure = (message: string) =>
  render(
    <ErrorBoundary fallback={(error, reset) => <PageFailure error={error} onRetry={reset} />}>
      <Broken message={message} />
    </ErrorBoundary>,
  );

describe('a page part that fails to load', () => {
  // Rendered without the app's provider: the English catalogue is what answers there once it is loaded.
  beforeAll(async () => {
    await loadCatalog('en');
  });

  beforeEach(() => {
    sessionStorage.clear();
    vi.mocked(reloadPage).mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('reloads the app once after a deploy removed its chunk, and never blanks', () => {
    renderFailure('Failed to fetch dynamically imported module: /assets/page-abc.js');
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load this page.");
  });

  it('does not loop: a second failure right after the reload offers a reload instead', () => {
    sessionStorage.setItem('orders.chunkReloadAt', String(Date.now()));
    renderFailure('Failed to fetch dynamically imported module: /assets/page-abc.js');
    expect(reloadPage).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('shows any other failure with a way to try again', () => {
    renderFailure('boom');
    expect(reloadPage).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load this page. Please refresh and try again.");
  });

  it.each([
    ['a missing chunk', 'Failed to fetch dynamically imported module: /assets/page-abc.js'],
    ['any other failure', 'boom'],
  ])('says each sentence once after %s: the heading is not repeated in the body', (_, message) => {
    sessionStorage.setItem('orders.chunkReloadAt', String(Date.now()));
    renderFailure(message);
    const heading = screen.getByRole('heading', { level: 1 }).textContent;
    expect(screen.getByRole('alert').querySelector('p')?.textContent).not.toContain(heading);
  });

  it('heads any other failure with the general error heading', () => {
    renderFailure('boom');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oops... something went wrong.');
  });
});
