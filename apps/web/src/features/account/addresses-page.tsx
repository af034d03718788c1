import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { Button, Spinner } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessages } from '@/components/ui/field';
import { EditIcon, MapPinIcon, PlusIcon, StarIcon, TrashIcon } from '@/components/ui/icons';
import { ADDRESSES_MAX } from '@boutique/contracts/constants';
import { toAddressInput, useAddresses, useDeleteAddress, useUpdateAddress } from './api/addresses';
import { AccountLayout } from '@/components/account-layout/account-layout';
import { AddressForm } from './components/address-form';
import { useCountryName } from '@/lib/countries';
import styles from './components/account.module.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** Saved addresses: add, edit, delete (after a confirmation) and choose the default one. */
export default function AddressesPage() {
  const { t } = useTranslation('account');
  const query = useAddresses();
  const remove = useDeleteAddress();
  const update = useUpdateAddress();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const addresses = query.data ?? [];
  const atLimit = addresses.length >= ADDRESSES_MAX;

  const saved = () => {
    setEditing(null);
    setNotice({ tone: 'success', text: t('addresses.saved') });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => setNotice({ tone: 'success', text: t('addresses.deleted') }),
      onError: () => setNotice({ tone: 'error', text: t('addresses.deleteFailed') }),
      onSettled: () => setDeleting(null),
    });
  };

  const makeDefault = (address: Address) => {
    setNotice(null);
    update.mutate(
      { id: address.id, input: { ...toAddressInput(address), is_default: true } },
      {
        onSuccess: () => setNotice({ tone: 'success', text: t('addresses.defaultChanged') }),
        onError: () => setNotice({ tone: 'error', text: t('addresses.saveFailed') }),
      },
    );
  };

  return (
    <AccountLayout title={t('addresses.title')} subtitle={t('addresses.subtitle')}>
      <PageMeta title={t('addresses.title')} canonicalPath={paths.addresses.href()} />
      <meta name="robots" content="noindex" />

      <FormMessages
        success={notice?.tone === 'success' && notice.text}
        error={notice?.tone === 'error' && notice.text}
      />

      {query.isPending ? (
        <div className={styles.loading}>
          <Spinner label={t('addresses.loading')} />
        </div>
      ) : query.isError ? (
        <div className={styles.empty} role="alert">
          <p>{t('addresses.loadFailed')}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('common:errors.retry')}
          </Button>
        </div>
      ) : (
        <>
          <div className={styles.toolbar}>
            <p className={styles.count}>{t('addresses.count', { count: addresses.length })}</p>
            {editing !== 'new' && !atLimit && (
              <Button
                variant="outline"
                onClick={() => {
                  setNotice(null);
                  setEditing('new');
                }}
              >
                <PlusIcon size={18} />
                {t('addresses.add')}
              </Button>
            )}
          </div>
          {atLimit && <p className={styles.hint}>{t('addresses.limit', { count: ADDRESSES_MAX })}</p>}

          {editing === 'new' && (
            <AddressForm
              firstAddress={addresses.length === 0}
              onSaved={saved}
              onCancel={() => setEditing(null)}
            />
          )}

          {addresses.length === 0 && editing !== 'new' ? (
            <div className={styles.empty}>
              <MapPinIcon size={32} />
              <p>{t('addresses.empty')}</p>
            </div>
          ) : (
            <ul className={styles.addresses}>
              {addresses.map((address) =>
                editing === address.id ? (
                  <li key={address.id} className={styles.editing}>
                    <AddressForm
                      address={address}
                      firstAddress={false}
                      onSaved={saved}
                      onCancel={() => setEditing(null)}
                    />
                  </li>
                ) : (
                  <AddressCard
                    key={address.id}
                    address={address}
                    busy={update.isPending && update.variables.id === address.id}
                    onEdit={() => {
                      setNotice(null);
                      setEditing(address.id);
                    }}
                    onDelete={() => setDeleting(address)}
                    onMakeDefault={() => makeDefault(address)}
                  />
                ),
              )}
            </ul>
          )}
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t('addresses.deleteTitle')}
        confirmLabel={t('addresses.delete')}
        cancelLabel={t('addresses.cancel')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting && (
          <>
            <p>{t('addresses.deleteText')}</p>
            <p className={styles.deleting}>
              <strong>
                <bdi>{deleting.name}</bdi>
              </strong>
              , <bdi>{deleting.address}</bdi>, <bdi>{deleting.city}</bdi>
            </p>
          </>
        )}
      </ConfirmDialog>
    </AccountLayout>
  );
}

interface AddressCardProps {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}

function AddressCard({ address, busy, onEdit, onDelete, onMakeDefault }: AddressCardProps) {
  const { t, i18n } = useTranslation('account');
  const country = useCountryName(i18n.language)(address.country);
  return (
    <li
      className={`${styles.address} ${address.is_default ? styles.addressDefault : ''}`}
      data-testid="address-card"
      aria-busy={busy || undefined}
    >
      <div className={styles.addressHead}>
        <h2 className={styles.addressName} dir="auto">
          {address.name}
        </h2>
        {address.is_default && (
          <span className={styles.badge}>
            <StarIcon size={12} />
            {t('addresses.default')}
          </span>
        )}
      </div>
      {/* Each line reads in its own direction (a Latin street in an Arabic page), on the page's side. */}
      <address className={styles.addressLines}>
        <span dir="auto">{address.address}</span>
        <br />
        <span>
          <bdi>{address.postalCode}</bdi> <bdi>{address.city}</bdi>
        </span>
        <br />
        {country}
        <br />
        <bdi dir="ltr">{address.phone}</bdi>
        <br />
        <bdi dir="ltr">{address.email}</bdi>
      </address>
      <div className={styles.addressActions}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={onEdit}
          aria-label={t('addresses.editOf', { name: address.name })}
        >
          <EditIcon size={16} />
          {t('addresses.edit')}
        </button>
        {!address.is_default && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={onMakeDefault}
            disabled={busy}
            aria-label={t('addresses.makeDefaultOf', { name: address.name })}
          >
            <StarIcon size={16} />
            {t('addresses.makeDefault')}
          </button>
        )}
        <button
          type="button"
          className={`${styles.linkButton} ${styles.danger}`}
          onClick={onDelete}
          aria-label={t('addresses.deleteOf', { name: address.name })}
        >
          <TrashIcon size={16} />
          {t('addresses.delete')}
        </button>
      </div>
    </li>
  );
}
