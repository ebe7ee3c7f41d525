import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteMessage } from '@portal/contract';
import { formatDateTime, formatDay } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { QUOTE_NAMESPACES } from '../../../i18n/i18n';

/** The quote's conversation, oldest first: each step, who took it, its message and offer. */
export function Conversation({ messages }: { messages: QuoteMessage[] }) {
  const { t } = useTranslation(QUOTE_NAMESPACES);
  const locale = useLocale();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="conversation-h">
      <Title order={2} size="h4" mb="sm" id="conversation-h">
        {t('quotes:conversation')}
      </Title>
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {messages.map((message) => (
          <li key={message._id}>
            <Card
              radius="md"
              padding="sm"
              bg={message.from_staff ? 'blue.0' : 'gray.0'}
              ml={message.from_staff ? 0 : { base: 0, sm: 'xl' }}
              mr={message.from_staff ? { base: 0, sm: 'xl' } : 0}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={700}>
                  {t(`quotes:kind.${message.kind}`, { name: message.author.full_name })}
                </Text>
                <Text size="xs" c="gray.7">
                  {formatDateTime(message.created_at, locale)}
                </Text>
              </Group>
              {message.offer && (
                <Text size="sm" mt={4}>
                  {t('quotes:offerLine', {
                    total: formatMoney(message.offer.subtotal, locale),
                    date: formatDay(message.offer.valid_until, locale),
                  })}
                </Text>
              )}
              {message.body && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.body}
                </Text>
              )}
            </Card>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
