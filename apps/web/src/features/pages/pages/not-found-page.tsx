import { Button } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasValidToken } from '../../../shared/auth/session';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { MessageCard } from '../../../shared/ui/message-card';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MessageCard icon={IconMapPinOff} title={t('notFound.title')} text={t('notFound.text')}>
      <Button component={LocaleLink} to={hasValidToken() ? '/' : '/sign-in'}>
        {t('notFound.home')}
      </Button>
    </MessageCard>
  );
}
