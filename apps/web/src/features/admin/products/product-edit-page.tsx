import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductCreate } from '@boutique/contracts/admin';
import type { Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  archiveProduct,
  createProduct,
  updateProduct,
  useAdminProduct,
  useProductWrite,
} from '../api/products';
import { AdminPageHeader, QueryState, errorMessage } from '../components/admin-ui';
import { AuditLog } from '../components/audit-log';
import { ProductForm, emptyProduct, productValues } from './product-form';
import { ProductPictures } from './product-pictures';
import { StockPanel } from './stock-panel';
import { StockRequestsPanel } from './stock-requests-panel';
import { staleRecord } from '../components/conflict';

/** `/admin/products/new` makes a product; `/admin/products/:id` edits one, with its pictures and history. */
export default function ProductEditPage() {
  const { id } = useParams();
  const productId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  return productId === undefined ? <NewProduct /> : <EditProduct id={productId} />;
}

function NewProduct() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const create = useProductWrite((values: ProductCreate) => createProduct(values));
  return (
    <>
      <AdminPageHeader title={t('products.new')} subtitle={t('products.newHint')} />
      <ProductForm
        initial={emptyProduct()}
        submitLabel={t('form.create')}
        onSubmit={async (values) => {
          const res = await create.mutateAsync(values);
          await navigate(paths.adminProduct.href(res.data.product.id), { state: { created: true } });
        }}
      />
    </>
  );
}

function EditProduct({ id }: { id: number }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const location = useLocation();
  const created = (location.state as { created?: boolean } | null)?.created === true;
  const query = useAdminProduct(id);
  const update = useProductWrite(({ values, version }: { values: ProductCreate; version: number }) =>
    updateProduct(id, { ...values, sizes: values.sizes.map(({ name }) => ({ name })), version }),
  );
  const archive = useProductWrite((version: number) => archiveProduct(id, version));
  const [confirming, setConfirming] = useState(false);
  const [archiveError, setArchiveError] = useState<string>();

  if (!query.data) return <QueryState error={query.error} retry={() => void query.refetch()} />;
  const { product, audit } = query.data;
  const inShop = product.status === 'active' && !product.archived_at;

  return (
    <>
      <AdminPageHeader
        title={product.name[lang] || product.name.en}
        subtitle={
          product.archived_at
            ? t('products.archivedOn', { date: formatDate(product.archived_at, lang) })
            : t(`productStatus.${product.status}`)
        }
        actions={
          <>
            {inShop && (
              <Link to={paths.product.href(product.slug)} target="_blank" rel="noopener">
                {t('products.viewInShop')}
              </Link>
            )}
            {!product.archived_at && (
              <Button variant="outline" onClick={() => setConfirming(true)}>
                {t('products.archive')}
              </Button>
            )}
          </>
        }
      />
      {created && (
        <p className="adm-notice" role="status">
          {t('products.created')}
        </p>
      )}
      {archiveError && (
        <p className="adm-error" role="alert">
          {archiveError}
        </p>
      )}
      <div className="adm-stack">
        <ProductPictures product={product} />
        <ProductForm
          key={product.id}
          initial={productValues(product)}
          submitLabel={t('form.save')}
          record={product}
          onSubmit={(values, version) => update.mutateAsync({ values, version: version ?? product.version })}
        />
        <StockPanel product={product} />
        <StockRequestsPanel product={product} />
        <AuditLog entries={audit} />
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('products.archiveTitle')}
        confirmLabel={t('products.archive')}
        cancelLabel={t('cancel')}
        busy={archive.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setArchiveError(undefined);
          archive.mutate(product.version, {
            onSuccess: () => setConfirming(false),
            onError: (error) => {
              setConfirming(false);
              // Changed elsewhere since this page showed it: the page shows it as it is now, to look at again.
              if (staleRecord(error)) {
                setArchiveError(t('conflict.archiveStale'));
                void query.refetch();
              } else setArchiveError(errorMessage(error, t('errors.save')));
            },
          });
        }}
      >
        <p>{t('products.archiveText')}</p>
      </ConfirmDialog>
    </>
  );
}
