import { useState } from 'react';
import { ActionIcon, CloseButton, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LAYOUT } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../i18n/i18n';
import { STAFF_HOME_PATH } from '../../shared/auth/home';
import { useLocalizePath } from '../../shared/locale/use-locale';
import classes from './shell.module.css';

const NARROW_QUERY = `(max-width: ${LAYOUT.sidebarCollapseBelowPx}px)`;

/**
 * The back office's header search: an order by the start of its number, a company by name, a
 * buyer by e-mail, answered by the order list. On phones a button opens it over the header.
 */
export function StaffSearch() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const narrow = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);

  if (!narrow) return <StaffSearchForm />;
  return (
    <>
      <div style={{ flex: 1 }} />
      <ActionIcon
        variant="subtle"
        color="gray.8"
        size="lg"
        aria-label={t('staff:search.label')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      {open && (
        <div className={classes.searchOverlay}>
          <StaffSearchForm autoFocus onSearched={() => setOpen(false)} />
          <CloseButton aria-label={t('common.close')} size="lg" onClick={() => setOpen(false)} />
        </div>
      )}
    </>
  );
}

function StaffSearchForm({
  autoFocus = false,
  onSearched,
}: {
  autoFocus?: boolean;
  onSearched?: () => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      className={classes.search}
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        if (!q) return;
        void navigate(localize(`${STAFF_HOME_PATH}?${new URLSearchParams({ q }).toString()}`));
        setText('');
        onSearched?.();
      }}
    >
      <TextInput
        type="search"
        aria-label={t('staff:search.label')}
        placeholder={t('staff:search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={100}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.currentTarget.value)}
      />
    </form>
  );
}
