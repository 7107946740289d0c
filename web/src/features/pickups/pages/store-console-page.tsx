import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { isApiError } from '@/shared/api/api-error';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useStaffStore } from '@/shared/routing/staff-store';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { advance, listOpen, useStoreName, type ConsolePickup } from '../api/console';
import { ConsolePickupDetails } from '../components/console-pickup-details';
import './store-console.css';

/** How often the list is asked again; with the ETag an unchanged list costs a 304 without a body. */
export const REFRESH_MS = 3000;
const STORAGE_KEY = 'orders.storeConsole';

interface Credentials {
  storeId: string;
  key: string;
}

/** Kept for this tab only (session storage): a shared tablet forgets the key when the tab closes. */
function loadCredentials(): Credentials | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Credentials> | null;
    return value && typeof value.storeId === 'string' && typeof value.key === 'string'
      ? { storeId: value.storeId, key: value.key }
      : null;
  } catch {
    return null;
  }
}

/** /orders/store-console: store associates see who is waiting outside and bring the order out. */
export function StoreConsolePage() {
  const { t } = useI18n();
  const [credentials, setCredentials] = useState<Credentials | null>(loadCredentials);
  const signIn = (next: Credentials) => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setCredentials(next);
  };
  const signOut = () => {
    sessionStorage.removeItem(STORAGE_KEY);
    setCredentials(null);
  };
  return (
    <div className="store-console">
      <h1 tabIndex={-1}>{t('pickups.console.title')}</h1>
      {credentials ? <Board credentials={credentials} onSignOut={signOut} /> : <SignIn onSignIn={signIn} />}
    </div>
  );
}

function SignIn({ onSignIn }: { onSignIn: (credentials: Credentials) => void }) {
  const { t } = useI18n();
  const [storeId, setStoreId] = useState('');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const credentials = { storeId: storeId.trim(), key: key.trim() };
    if (!credentials.storeId || !credentials.key) {
      setError(t('pickups.console.signIn.invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    // Signing in is one list call: the server answers 401 for a key that is not this store's.
    listOpen(credentials.storeId, credentials.key, null)
      .then(() => {
        onSignIn(credentials);
      })
      .catch((cause: unknown) => {
        setError(
          isApiError(cause) && cause.status === 401
            ? t('pickups.console.signIn.invalid')
            : t('pickups.console.loadFailed'),
        );
      })
      .finally(() => {
        setBusy(false);
      });
  };
  return (
    <form className="card store-console__sign-in" onSubmit={submit} noValidate>
      <h2>{t('pickups.console.signIn.heading')}</h2>
      {error && <Alert>{error}</Alert>}
      <TextField
        label={t('pickups.console.signIn.storeId')}
        value={storeId}
        autoComplete="username"
        onChange={(e) => {
          setStoreId(e.target.value);
        }}
      />
      <TextField
        label={t('pickups.console.signIn.key')}
        type="password"
        value={key}
        autoComplete="current-password"
        onChange={(e) => {
          setKey(e.target.value);
        }}
      />
      <Button type="submit" loading={busy}>
        {t('pickups.console.signIn.submit')}
      </Button>
    </form>
  );
}

function Board({ credentials, onSignOut }: { credentials: Credentials; onSignOut: () => void }) {
  const { t, date } = useI18n();
  const { storeId, key } = credentials;
  const [pickups, setPickups] = useState<ConsolePickup[] | null>(null);
  const [checkedAt, setCheckedAt] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const etag = useRef<string | null>(null);
  const storeName = useStoreName(storeId).data ?? storeId;
  // The staff header above the page names the store this tablet is signed in to.
  useStaffStore(storeName);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const answer = await listOpen(storeId, key, etag.current, signal);
        if (answer.changed) {
          etag.current = answer.etag;
          setPickups(answer.list.objects);
        }
        setFailed(false);
        setCheckedAt(new Date().toISOString());
      } catch (cause) {
        if (signal?.aborted) return;
        if (isApiError(cause) && cause.status === 401) onSignOut();
        else setFailed(true);
      }
    },
    [storeId, key, onSignOut],
  );

  // Live: ask every few seconds, and at once when the tab comes back to the front.
  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    const timer = setInterval(() => {
      void refresh(controller.signal);
    }, REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh(controller.signal);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const act = (pickup: ConsolePickup, step: 'claim' | 'complete') => {
    setBusyId(pickup.id);
    setNotice(null);
    advance(storeId, key, pickup.id, step)
      .catch((cause: unknown) => {
        setNotice(
          isApiError(cause) && cause.status === 409 ? t('pickups.console.conflict') : t('pickups.console.loadFailed'),
        );
      })
      .finally(() => {
        setBusyId(null);
        void refresh();
      });
  };

  return (
    <section aria-labelledby="store-console-heading">
      <div className="store-console__bar">
        <h2 id="store-console-heading">{t('pickups.console.heading', { store: storeName })}</h2>
        <Button variant="secondary" onClick={onSignOut}>
          {t('pickups.console.signOut')}
        </Button>
      </div>
      <p className="muted" aria-live="off">
        {checkedAt ? t('pickups.console.live', { time: date(checkedAt, 'time') }) : null}
      </p>
      {failed && <Alert>{t('pickups.console.loadFailed')}</Alert>}
      {notice && <Alert tone="info">{notice}</Alert>}
      {pickups === null ? (
        <Spinner />
      ) : pickups.length === 0 ? (
        <p className="card">{t('pickups.console.empty')}</p>
      ) : (
        <ul className="store-console__list" aria-live="polite">
          {pickups.map((pickup) => (
            <li key={pickup.id} className="card store-console__item">
              <ConsolePickupDetails pickup={pickup} />
              <div className="store-console__buttons">
                {pickup.status === 'SUBMITTED' && (
                  <Button
                    onClick={() => {
                      act(pickup, 'claim');
                    }}
                    loading={busyId === pickup.id}
                  >
                    {t('pickups.console.claim')}
                  </Button>
                )}
                {pickup.status === 'CLAIMED' && (
                  <Button
                    onClick={() => {
                      act(pickup, 'complete');
                    }}
                    loading={busyId === pickup.id}
                  >
                    {t('pickups.console.complete')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
