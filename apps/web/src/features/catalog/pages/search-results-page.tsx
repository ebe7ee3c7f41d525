import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ProductListing } from '../components/product-listing';
import { LISTING_PARAMS, normalizeText } from '../listing-query';

/**
 * /search?q=…: every product the search finds, with the listing's filters, sorts and pages (the
 * header's search opens it on Enter when several products match).
 */
export function SearchResultsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = normalizeText(params.get(LISTING_PARAMS.search) ?? '');

  return (
    <Stack gap="lg">
      <ProductListing
        title={query ? t('catalog.searchResults.title', { query }) : t('catalog.searchResults.all')}
      />
    </Stack>
  );
}
