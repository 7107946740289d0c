import { useId, useRef, useState } from 'react';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { useSession } from '@/shared/auth/session';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import { useAddressBook, useAddressMutations, type Address } from '../api/addresses';
import { AddressCard } from '../components/address-card';
import { AddressEditor } from '../components/address-editor';
import './saved-addresses-page.css';

type Editing = { kind: 'new' } | { kind: 'edit'; address: Address } | null;

/** /orders/addresses: the member's saved addresses (spec 002 §3, §4). Members only. */
export function SavedAddressesPage() {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  const { base } = useRouter();
  if (!session.member) {
    const here = `${base}${location}${search ? `?${search}` : ''}`;
    return <Redirect to={paths.signIn(here)} replace />;
  }
  return <AddressBook upmId={session.member.upmId} />;
}

function AddressBook({ upmId }: { upmId: string }) {
  const { t } = useI18n();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const book = useAddressBook(upmId);
  const { save, remove } = useAddressMutations(upmId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [errorDismissedAt, setErrorDismissedAt] = useState(0);
  const [actionFailed, setActionFailed] = useState(false);
  const addresses = book.data ?? [];

  const makePreferred = (address: Address) => {
    setActionFailed(false);
    const { id, ...rest } = address;
    save.mutate(
      { upmId, address: { ...rest, id, name: null, preferred: true } },
      {
        onError: () => {
          setActionFailed(true);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting?.id) return;
    setActionFailed(false);
    remove.mutate(
      { upmId, id: deleting.id },
      {
        onSettled: () => {
          setDeleting(null);
        },
        onError: () => {
          setActionFailed(true);
        },
      },
    );
  };

  let content;
  if (book.isPending) {
    content = (
      <ul className="address-list" aria-busy="true" aria-label={t('app.loading')}>
        {[0, 1].map((index) => (
          <li key={index} className="card address-card address-card--skeleton" aria-hidden="true">
            <span />
            <span />
            <span />
          </li>
        ))}
      </ul>
    );
  } else if (addresses.length === 0 && !book.isError) {
    content = <p className="card">{t('addresses.list.empty')}</p>;
  } else {
    content = (
      <ul className="address-list" aria-labelledby={headingId}>
        {addresses.map((address) => (
          <AddressCard
            key={address.id}
            address={address}
            othersSaved={addresses.length > 1}
            busy={save.isPending && save.variables.address.id === address.id}
            onEdit={() => {
              setEditing({ kind: 'edit', address });
            }}
            onDelete={() => {
              setDeleting(address);
            }}
            onMakePreferred={() => {
              makePreferred(address);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="narrow-page addresses-page">
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        {t('addresses.heading')}
      </h1>
      {actionFailed && <Alert>{t('addresses.error.save')}</Alert>}
      {editing ? (
        <AddressEditor
          upmId={upmId}
          editing={editing.kind === 'edit' ? editing.address : undefined}
          makePreferred={addresses.length === 0}
          onDone={() => {
            setEditing(null);
            // The form is gone: focus returns to the page's heading, not to the document body.
            heading.current?.focus();
          }}
        />
      ) : (
        <Button
          onClick={() => {
            setEditing({ kind: 'new' });
          }}
        >
          {t('addresses.list.add')}
        </Button>
      )}
      {content}
      {deleting && (
        <Dialog
          title={t('addresses.delete.title')}
          onDismiss={() => {
            setDeleting(null);
          }}
          actions={
            <>
              <Button
                variant="secondary"
                onClick={() => {
                  setDeleting(null);
                }}
              >
                {t('addresses.form.cancel')}
              </Button>
              <Button onClick={confirmDelete} loading={remove.isPending}>
                {remove.isPending ? t('addresses.delete.deleting') : t('addresses.delete.confirm')}
              </Button>
            </>
          }
        >
          <p>{t('addresses.delete.body')}</p>
        </Dialog>
      )}
      {book.isError && book.errorUpdatedAt !== errorDismissedAt && (
        <ErrorDialog
          title={t('common.errors.oops.title')}
          lead="dismiss"
          onDismiss={() => {
            setErrorDismissedAt(book.errorUpdatedAt);
          }}
          onRetry={() => {
            void book.refetch();
          }}
        >
          <p>{t('addresses.error.load')}</p>
        </ErrorDialog>
      )}
    </div>
  );
}
