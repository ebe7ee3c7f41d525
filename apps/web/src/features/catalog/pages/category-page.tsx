import { useMemo } from 'react';
import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CATALOG_LIMITS, PRODUCT_SORT_OPTIONS, type ProductSort } from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { useLocale } from '../../../shared/locale/use-locale';
import { BreadcrumbTrail } from '../../../shared/ui/breadcrumb-trail';
import { PageLoader } from '../../../shared/ui/page-loader';
import { Pager } from '../../../shared/ui/pager';
import { useCategory } from '../api/categories';
import { useListing } from '../api/products';
import { useProductSettings } from '../api/settings';
import { ProductCard } from '../components/product-card';
import { SubcategoryLink } from '../components/subcategory-link';
import { useUrlDraft } from '../components/url-draft';
import {
  hasFilters,
  listingRequest,
  normalizeText,
  parsePrice,
  readListingState,
  updateListing,
  writeListingState,
  type ListingState,
} from '../listing-query';
import { CatalogNotFound } from './catalog-not-found';

const FALLBACK_SETTINGS = {
  default_sort: 'best_seller' as ProductSort,
  listing_page_size: CATALOG_LIMITS.listingDefaultLimit,
};

const samePrice = (draft: string, url: string) => String(parsePrice(draft) ?? '') === url;

/** /cat/{slug}: the category's products with filters, sort and pages kept in the URL. */
export function CategoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const settings = useProductSettings();
  const category = useCategory(slug, locale);
  const config = settings.data ?? (settings.isError ? FALLBACK_SETTINGS : null);
  const defaultSort = config?.default_sort ?? FALLBACK_SETTINGS.default_sort;
  const state = readListingState(params, defaultSort);
  const request = config
    ? listingRequest(state, { category: slug, limit: config.listing_page_size, locale })
    : null;
  const listing = useListing(request);

  const change = (patch: Partial<ListingState>) => {
    const next = updateListing(state, patch);
    setParams(writeListingState(next, defaultSort));
    if (patch.page !== undefined) window.scrollTo({ top: 0 });
  };

  const [search, setSearch] = useUrlDraft(
    state.search,
    (value) => change({ search: normalizeText(value) }),
    (draft, url) => normalizeText(draft) === url,
  );
  const [priceMin, setPriceMin] = useUrlDraft(
    state.priceMin === null ? '' : String(state.priceMin),
    (value) => change({ priceMin: parsePrice(value) }),
    samePrice,
  );
  const [priceMax, setPriceMax] = useUrlDraft(
    state.priceMax === null ? '' : String(state.priceMax),
    (value) => change({ priceMax: parsePrice(value) }),
    samePrice,
  );

  const manufacturers = useMemo(() => {
    const list = (listing.data?.manufacturers ?? []).map((entry) => ({
      value: entry.name,
      label: `${entry.name} (${entry.count})`,
    }));
    if (state.manufacturer && !list.some((entry) => entry.value === state.manufacturer)) {
      list.unshift({ value: state.manufacturer, label: state.manufacturer });
    }
    return list;
  }, [listing.data?.manufacturers, state.manufacturer]);

  const notFound =
    (category.error instanceof ApiError && category.error.status === 404) ||
    (listing.error instanceof ApiError && listing.error.status === 404);
  if (notFound) return <CatalogNotFound />;

  const detail = category.data;
  const priceError = (value: string) =>
    value.trim() && parsePrice(value) === null ? t('validation.invalid') : undefined;

  return (
    <Stack gap="lg">
      <BreadcrumbTrail
        items={[
          { label: t('breadcrumbs.dashboard'), to: '/' },
          ...(detail?.path ?? []).map((entry) => ({
            label: entry.name,
            to: `/cat/${encodeURIComponent(entry.slug)}`,
          })),
        ]}
      />
      <div>
        <Title order={1} size="h2" c="brand.9">
          {detail?.name ?? '\u00a0'}
        </Title>
        {listing.data && (
          <Text c="dimmed" size="sm">
            {t('catalog.resultsCount', { count: listing.data.total })}
          </Text>
        )}
      </div>

      {detail && detail.children.length > 0 && (
        <nav aria-label={t('catalog.subcategories')}>
          <Group gap="xs">
            {detail.children.map((child) => (
              <SubcategoryLink key={child._id} slug={child.slug} name={child.name} />
            ))}
          </Group>
        </nav>
      )}

      <Card
        withBorder
        radius="md"
        padding="md"
        component="section"
        aria-label={t('catalog.filters.title')}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={t('catalog.filters.search')}
            placeholder={t('catalog.filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Select
            label={t('catalog.filters.manufacturer')}
            placeholder={t('catalog.filters.allManufacturers')}
            data={manufacturers}
            value={state.manufacturer}
            onChange={(value) => change({ manufacturer: value })}
            clearable
            clearButtonProps={{ 'aria-label': t('catalog.filters.clearManufacturer') }}
            searchable
            nothingFoundMessage={t('catalog.noResults')}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('catalog.filters.priceMin')}
            inputMode="decimal"
            value={priceMin}
            error={priceError(priceMin)}
            onChange={(event) => setPriceMin(event.currentTarget.value)}
          />
          <TextInput
            label={t('catalog.filters.priceMax')}
            inputMode="decimal"
            value={priceMax}
            error={priceError(priceMax)}
            onChange={(event) => setPriceMax(event.currentTarget.value)}
          />
          <Select
            label={t('catalog.sort.label')}
            data={PRODUCT_SORT_OPTIONS.map((option) => ({
              value: option,
              label: t(`catalog.sort.${option}`),
            }))}
            value={state.sort}
            allowDeselect={false}
            onChange={(value) => value && change({ sort: value as ProductSort })}
          />
          <Stack justify="flex-end" gap={6}>
            <Switch
              label={t('catalog.filters.inStock')}
              checked={state.inStock}
              onChange={(event) => change({ inStock: event.currentTarget.checked })}
            />
            {hasFilters(state) && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconFilterOff size={14} aria-hidden />}
                onClick={() =>
                  change({
                    manufacturer: null,
                    inStock: false,
                    priceMin: null,
                    priceMax: null,
                    search: '',
                  })
                }
                style={{ alignSelf: 'flex-start' }}
              >
                {t('catalog.filters.reset')}
              </Button>
            )}
          </Stack>
        </SimpleGrid>
      </Card>

      {!listing.data && !listing.isError && <PageLoader />}
      {listing.isError && !listing.data && (
        <Card withBorder padding="xl" radius="md">
          <Text ta="center" c="dimmed">
            {t('errors.generic')}
          </Text>
        </Card>
      )}
      {listing.data && listing.data.items.length === 0 && (
        <Card withBorder padding="xl" radius="md">
          <Text ta="center" c="dimmed">
            {t('catalog.noResults')}
          </Text>
        </Card>
      )}
      {listing.data && listing.data.items.length > 0 && (
        <section aria-label={t('catalog.products')} aria-busy={listing.isPlaceholderData}>
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="md"
            style={{ opacity: listing.isPlaceholderData ? 0.6 : 1 }}
          >
            {listing.data.items.map((product) => (
              <ProductCard key={product._id} product={product} headingLevel={2} />
            ))}
          </SimpleGrid>
          <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
            <Pager
              page={listing.data.page}
              totalPage={listing.data.totalPage}
              onChange={(page) => change({ page })}
            />
          </div>
        </section>
      )}
    </Stack>
  );
}
