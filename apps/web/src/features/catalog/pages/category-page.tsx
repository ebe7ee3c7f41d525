import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useLocale } from '../../../shared/locale/use-locale';
import { BreadcrumbTrail } from '../../../shared/ui/breadcrumb-trail';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useCategory } from '../api/categories';
import { ProductListing } from '../components/product-listing';
import { SubcategoryLink } from '../components/subcategory-link';
import { CatalogNotFound } from './catalog-not-found';

/** /cat/{slug}: the category's products with filters, sort and pages kept in the URL. */
export function CategoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { slug = '' } = useParams();
  const category = useCategory(slug, locale);
  if (category.error instanceof ApiError && category.error.status === 404) {
    return <CatalogNotFound />;
  }
  const detail = category.data;
  // The listing loads meanwhile but is shown with the category: its subcategories go above it.
  const shown = detail !== undefined || category.isError;

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
      {!shown && <PageLoader />}
      <div style={{ display: shown ? 'contents' : 'none' }}>
        <ProductListing category={slug} title={detail?.name ?? '\u00a0'}>
          {detail && detail.children.length > 0 && (
            <nav aria-label={t('catalog.subcategories')}>
              <Group gap="xs">
                {detail.children.map((child) => (
                  <SubcategoryLink key={child._id} slug={child.slug} name={child.name} />
                ))}
              </Group>
            </nav>
          )}
        </ProductListing>
      </div>
    </Stack>
  );
}
