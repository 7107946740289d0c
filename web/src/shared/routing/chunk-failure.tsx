import { useEffect } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { reloadPage } from './leave-app';

const RELOADED_AT = 'orders.chunkReloadAt';
/** One automatic reload per this long: a second failure right after it is shown, not looped. */
const RELOAD_GUARD_MS = 60_000;

/** A lazily loaded page chunk that did not arrive (a deploy replaced it, or the connection dropped). */
export const isChunkLoadError = (error: Error): boolean =>
  /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    error.message,
  ) || error.name === 'ChunkLoadError';

function reloadedRecently(now = Date.now()): boolean {
  try {
    return now - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < RELOAD_GUARD_MS;
  } catch {
    return true;
  }
}

/**
 * Shown when a page part failed. After a deploy the old chunk names are gone: the app reloads itself once
 * to fetch the new ones; otherwise (or if that did not help) it offers a reload and never blanks.
 */
export function PageFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useI18n();
  const chunk = isChunkLoadError(error);
  const autoReload = chunk && !reloadedRecently();
  useEffect(() => {
    if (!autoReload) return;
    try {
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      // Storage refused: reload anyway, the guard just cannot hold.
    }
    reloadPage();
  }, [autoReload]);
  return (
    <div className="narrow-page" role="alert">
      {/* Each case has its own heading: the other failure's body already says the page did not load, so
          that heading is the general one instead of the same sentence twice (walk polish 10). */}
      <h1 tabIndex={-1}>{chunk ? t('common.errors.chunk.title') : t('common.errors.oops.title')}</h1>
      <p>{chunk ? t('common.errors.chunk.body') : t('common.errors.oops.body')}</p>
      <Button
        onClick={() => {
          if (chunk) reloadPage();
          else onRetry();
        }}
      >
        {t('common.errors.chunk.reload')}
      </Button>
    </div>
  );
}
