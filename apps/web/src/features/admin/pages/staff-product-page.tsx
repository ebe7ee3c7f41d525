import { Alert, Anchor, Button, Group, Space, Stack, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LOCALES, SPEC_KEYS, type Locale, type StaffProduct } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { useLocale, useLocalizePath } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { notifyError } from '../../../shared/ui/notify';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useProductAction, useStaffProduct } from '../api/catalog';
import { ProductActiveBadge } from '../components/product-badges';
import { ProductImages } from '../components/product-images';
import { emptyText, ProductForm, type ProductFormValues } from '../components/product-form';
import { StockPanel } from '../components/stock-panel';

const NEW_PRODUCT: ProductFormValues = {
  sku: '',
  reference: '',
  ean: '',
  price: 0,
  weight_grams: 0,
  box_size: { width: 0, height: 0, length: 0 },
  manufacturer: '',
  state: 'new',
  warranty_months: 24,
  replaced_models: [],
  suitable_devices: [],
  specifications: [],
  texts: Object.fromEntries(
    LOCALES.map((code) => [code, emptyText()]),
  ) as ProductFormValues['texts'],
  category_ids: [],
  is_active: true,
  is_in_stock: true,
  backorderable: false,
  quantity: 0,
};

type Spec = ProductFormValues['specifications'][number];
const isKnownSpec = (spec: { key: string; value: string }): spec is Spec =>
  (SPEC_KEYS as readonly string[]).includes(spec.key);

function formValuesOf(product: StaffProduct): ProductFormValues {
  return {
    sku: product.sku,
    reference: product.reference,
    ean: product.ean ?? '',
    price: product.price,
    weight_grams: product.weight_grams,
    box_size: product.box_size,
    manufacturer: product.manufacturer,
    state: product.state,
    warranty_months: product.warranty_months,
    replaced_models: product.replaced_models,
    suitable_devices: product.suitable_devices,
    // The shop's products carry only the known codes (SPEC_KEYS); the API refuses others.
    specifications: product.specifications.filter(isKnownSpec),
    texts: Object.fromEntries(
      LOCALES.map((code: Locale) => [code, product.texts[code] ?? emptyText()]),
    ) as ProductFormValues['texts'],
    category_ids: product.category_ids,
    is_active: product.is_active,
    is_in_stock: product.is_in_stock,
    backorderable: product.backorderable,
  };
}

function BackLink() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Anchor component={LocaleLink} to="/admin/catalog" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('staff:catalog.backToList')}
      </Group>
    </Anchor>
  );
}

/** Back office: a new product, written in six languages; it opens on its own page once saved. */
export function StaffNewProductPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const action = useProductAction();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const save = (values: ProductFormValues) =>
    action.mutateAsync({ kind: 'create', product: values }).then((created) => {
      const product = created as StaffProduct;
      notifications.show({
        color: 'teal',
        message: t('staff:product.created', { sku: product.sku }),
      });
      void navigate(localize(`/admin/catalog/${product._id}`));
    });
  return (
    <Stack gap="lg">
      <BackLink />
      <Title order={1} size="h2" c="brand.9">
        {t('staff:catalog.newProduct')}
      </Title>
      <ProductForm initial={NEW_PRODUCT} isNew saving={action.isPending} onSave={save} />
    </Stack>
  );
}

/** Back office: one product, every field and its stock; deleted only if never ordered. */
export function StaffProductPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const { id = '' } = useParams();
  const product = useStaffProduct(id);
  const action = useProductAction();
  const navigate = useNavigate();
  const localize = useLocalizePath();

  if (product.isError) {
    return (
      <Alert color="red" role="alert">
        {product.error.message}
      </Alert>
    );
  }
  if (!product.data) return <PageLoader />;
  const data = product.data;
  const title = data.texts.en?.title ?? data.sku;
  const save = (values: ProductFormValues) => {
    const { quantity: _quantity, ...input } = values;
    return action.mutateAsync({ kind: 'update', id: data._id, product: input }).then(() =>
      notifications.show({
        color: 'teal',
        message: t('staff:product.saved', { sku: values.sku }),
      }),
    );
  };
  const remove = () =>
    modals.openConfirmModal({
      title: t('staff:product.deleteTitle', { sku: data.sku }),
      children: <Text size="sm">{t('staff:product.confirmDelete', { title })}</Text>,
      labels: { confirm: t('staff:product.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.9' },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        action.mutate(
          { kind: 'delete', id: data._id },
          {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                message: t('staff:product.deleted', { sku: data.sku }),
              });
              void navigate(localize('/admin/catalog'));
            },
            onError: notifyError,
          },
        ),
    });

  return (
    <Stack gap="lg">
      <BackLink />
      <Group justify="space-between" align="flex-end">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} size="h2" c="brand.9">
              {title}
            </Title>
            <ProductActiveBadge active={data.is_active} />
          </Group>
          <Text size="sm" c="gray.7">
            {data.sku} · {data.reference}
          </Text>
        </div>
        <Group gap="xs">
          {data.is_active && (
            <Button
              component={LocaleLink}
              to={`/product/${encodeURIComponent(data.sku)}`}
              variant="default"
              leftSection={<IconExternalLink size={18} aria-hidden />}
            >
              {t('staff:product.viewInShop')}
            </Button>
          )}
          {data.ordered ? (
            <Text size="xs" c="gray.7" maw={260}>
              {t('staff:product.orderedHint')}
            </Text>
          ) : (
            <Button
              variant="default"
              color="red.9"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={remove}
            >
              {t('staff:product.delete')}
            </Button>
          )}
        </Group>
      </Group>
      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">{t('staff:product.details')}</Tabs.Tab>
          <Tabs.Tab value="stock">
            {t('staff:stock.title')} ({data.quantity.toLocaleString(locale)})
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="lg">
          <ProductImages product={data} />
          <Space h="lg" />
          <ProductForm
            key={data.updated_at}
            initial={formValuesOf(data)}
            isNew={false}
            saving={action.isPending}
            onSave={save}
          />
        </Tabs.Panel>
        <Tabs.Panel value="stock" pt="lg">
          <StockPanel product={data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
