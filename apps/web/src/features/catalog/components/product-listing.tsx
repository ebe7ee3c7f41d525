import { memo, useDeferredValue, useId, useMemo, type ReactNode } from 'react';
import {
  Button,
  Card,
  Chip,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFilterOff, IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  CATALOG_LIMITS,
  PRODUCT_SORT_OPTIONS,
  type ProductListItem,
  type ProductSort,
} from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { useLocale } from '../../../shared/locale/use-locale';
import { PageLoader } from '../../../shared/ui/page-loader';
import { Pager } from '../../../shared/ui/pager';
import { useListing } from '../api/products';
import { useProductSettings } from '../api/settings';
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
import { CatalogNotFound } from '../pages/catalog-not-found';
import { ProductCard } from './product-card';
import { ProductTable } from './product-table';
import { useListingView, type ListingView } from './listing-view';
import { useUrlDraft } from './url-draft';

/** The listing's views, in the order of their chips. */
const LISTING_VIEWS = [
  { view: 'cards', Icon: IconLayoutGrid },
  { view: 'list', Icon: IconList },
] as const satisfies { view: ListingView; Icon: unknown }[];

const FALLBACK_SETTINGS = {
  default_sort: 'best_seller' as ProductSort,
  listing_page_size: CATALOG_LIMITS.listingDefaultLimit,
};

const samePrice = (draft: string, url: string) => String(parsePrice(draft) ?? '') === url;

interface ProductListingProps {
  /** The category (id or slug) whose products are listed; none: the whole catalog. */
  category?: string;
  title: ReactNode;
  /** Shown between the title and the filters (a category's subcategories). */
  children?: ReactNode;
}

/**
 * Products with filters, sort and pages kept in the URL (`?q=…&sort=…&page=…`): a category's
 * (its page) or the whole catalog's (the search results page).
 */
export function ProductListing({ category, title, children }: ProductListingProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const settings = useProductSettings();
  const config = settings.data ?? (settings.isError ? FALLBACK_SETTINGS : null);
  const defaultSort = config?.default_sort ?? FALLBACK_SETTINGS.default_sort;
  const state = readListingState(params, defaultSort);
  const request = config
    ? listingRequest(state, { category, limit: config.listing_page_size, locale })
    : null;
  const listing = useListing(request);
  // Drawn from a deferred copy: a page of cards arriving is drawn in slices the browser can
  // interrupt (React yields every few milliseconds) instead of one long task.
  const data = useDeferredValue(listing.data);
  // Busy until the page shown is the one asked for; dimmed only while it is being fetched (a
  // page being drawn keeps its contrast).
  const busy = listing.isPlaceholderData || data !== listing.data;
  const [view, setView] = useListingView();
  // One name for both chips: a native radio group, one tab stop, arrow keys between them.
  const viewName = useId();

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
    const list = (data?.manufacturers ?? []).map((entry) => ({
      value: entry.name,
      label: `${entry.name} (${entry.count})`,
    }));
    if (state.manufacturer && !list.some((entry) => entry.value === state.manufacturer)) {
      list.unshift({ value: state.manufacturer, label: state.manufacturer });
    }
    return list;
  }, [data?.manufacturers, state.manufacturer]);

  if (listing.error instanceof ApiError && listing.error.status === 404) {
    return <CatalogNotFound />;
  }

  const priceError = (value: string) =>
    value.trim() && parsePrice(value) === null ? t('validation.invalid') : undefined;

  return (
    <>
      <div>
        <Title order={1} size="h2" c="brand.9">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {data ? t('catalog.resultsCount', { count: data.total }) : '\u00a0'}
        </Text>
      </div>

      {children}

      {/* Chips, not a segmented control: its sliding indicator measures the page's layout at
          every resize while the cards are drawn (70 ms of a phone's first render). */}
      <Group justify="flex-end" gap="xs" role="radiogroup" aria-label={t('catalog.view.label')}>
        <Chip.Group value={view} onChange={(value) => setView(value as ListingView)}>
          {LISTING_VIEWS.map(({ view: value, Icon }) => (
            <Chip
              key={value}
              value={value}
              name={viewName}
              type="radio"
              variant="outline"
              icon={<Icon size={14} aria-hidden />}
            >
              {t(`catalog.view.${value}`)}
            </Chip>
          ))}
        </Chip.Group>
      </Group>

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

      {!data && !listing.isError && <PageLoader />}
      {listing.isError && !data && (
        <Card withBorder padding="xl" radius="md">
          <Text ta="center" c="dimmed">
            {t('errors.generic')}
          </Text>
        </Card>
      )}
      {data && data.items.length === 0 && (
        <Card withBorder padding="xl" radius="md">
          <Text ta="center" c="dimmed">
            {t('catalog.noResults')}
          </Text>
        </Card>
      )}
      {data && data.items.length > 0 && (
        <section aria-label={t('catalog.products')} aria-busy={busy}>
          <div style={{ opacity: listing.isPlaceholderData ? 0.6 : 1 }}>
            <ListedProducts products={data.items} view={view} />
          </div>
          <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
            <Pager
              page={data.page}
              totalPage={data.totalPage}
              onChange={(page) => change({ page })}
            />
          </div>
        </section>
      )}
    </>
  );
}

/** A page of products as cards or as a table; drawn again only when the page or view changes. */
const ListedProducts = memo(function ListedProducts({
  products,
  view,
}: {
  products: ProductListItem[];
  view: ListingView;
}) {
  return view === 'list' ? (
    <ProductTable products={products} />
  ) : (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
      {products.map((product) => (
        <ProductCard key={product._id} product={product} headingLevel={2} />
      ))}
    </SimpleGrid>
  );
});
