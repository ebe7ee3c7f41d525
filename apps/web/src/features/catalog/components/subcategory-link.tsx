import { Button } from '@mantine/core';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useCategoryPrefetch } from './use-catalog-prefetch';

/** A subcategory chip of the category page; prefetches its page. */
export function SubcategoryLink({ slug, name }: { slug: string; name: string }) {
  const prefetch = useCategoryPrefetch<HTMLAnchorElement>(slug);
  return (
    <Button
      component={LocaleLink}
      to={`/cat/${encodeURIComponent(slug)}`}
      variant="light"
      radius="xl"
      size="xs"
      {...prefetch}
    >
      {name}
    </Button>
  );
}
