import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from './locale-link';

export interface TrailItem {
  label: string;
  /** App path (without locale prefix); the last item is never linked. */
  to?: string;
}

/** The breadcrumb bar of the shell: route crumbs and pages with data-driven labels use it. */
export function BreadcrumbTrail({ items }: { items: TrailItem[] }) {
  const { t } = useTranslation();
  if (!items.length) return null;
  return (
    <nav aria-label={t('breadcrumbs.label')}>
      <Breadcrumbs
        separatorMargin={6}
        mb="md"
        style={{ flexWrap: 'wrap', rowGap: 4 }}
        // Long product titles wrap instead of widening the page on a phone.
        styles={{ breadcrumb: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
      >
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return item.to && !last ? (
            <Anchor key={`${index}-${item.to}`} component={LocaleLink} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text key={index} size="sm" c="dimmed" aria-current={last ? 'page' : undefined}>
              {item.label}
            </Text>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
