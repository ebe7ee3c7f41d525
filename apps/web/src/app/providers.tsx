import { useMemo, type ReactNode } from 'react';
import { MantineProvider, mergeThemeOverrides, Notification } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { TIMINGS } from '@portal/contract';
import { i18n } from '../i18n/i18n';
import { queryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/** The theme with what must follow the language: every toast's close button is labelled. */
function LocalizedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common.close');
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Notification: Notification.extend({
            defaultProps: { closeButtonProps: { 'aria-label': close } },
          }),
        },
      }),
    [close],
  );
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" autoClose={TIMINGS.toastAutoCloseMs} />
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedMantine>{children}</LocalizedMantine>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
