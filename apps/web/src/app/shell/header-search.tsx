import { useState } from 'react';
import { ActionIcon, CloseButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@portal/contract';
import { ProductSearch } from '../../features/catalog/components/product-search';
import classes from './shell.module.css';

const NARROW_QUERY = `(max-width: ${LAYOUT.sidebarCollapseBelowPx}px)`;

/**
 * The header's product search. On narrow screens (phones) a search button opens the same
 * search over the whole header, so the field keeps a usable width at 375 px.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);

  if (!narrow) {
    return (
      <div className={classes.search}>
        <ProductSearch />
      </div>
    );
  }
  return (
    <>
      <div style={{ flex: 1 }} />
      <ActionIcon
        variant="subtle"
        color="gray.8"
        size="lg"
        aria-label={t('catalog.search.label')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      {open && (
        <div className={classes.searchOverlay}>
          <ProductSearch autoFocus onOpened={() => setOpen(false)} />
          <CloseButton aria-label={t('common.close')} size="lg" onClick={() => setOpen(false)} />
        </div>
      )}
    </>
  );
}
