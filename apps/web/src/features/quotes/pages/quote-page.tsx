import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconMessageDollar, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QUOTE_MAX_QUANTITY, QUOTE_MESSAGE_MAX_LENGTH, type Quote } from '@portal/contract';
import { formatDateTime, formatDay } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { fieldMessage } from '../../../shared/forms/server-errors';
import { notifySuccess, notifyUnlessFields } from '../../../shared/ui/notify';
import { PageLoader } from '../../../shared/ui/page-loader';
import { wrappingButton } from '../../../shared/ui/wrapping-button';
import { QUOTE_NAMESPACES } from '../../../i18n/i18n';
import { useQuote, useRespondToQuote } from '../api/quotes';
import { Conversation } from '../components/conversation';
import { QuoteLines } from '../components/quote-lines';
import { QuoteStatusBadge } from '../components/quote-status-badge';

/**
 * /quotes/:id: what was asked, staff's prices and the conversation. An answered, valid quote is
 * accepted through the checkout (addresses and payment, at the quoted prices); it may also be
 * declined or asked for again with other quantities.
 */
export function QuotePage() {
  const { t } = useTranslation(QUOTE_NAMESPACES);
  const { id = '' } = useParams();
  const locale = useLocale();
  const query = useQuote(id, locale);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
        <BackToQuotes />
      </Stack>
    );
  }
  const quote = query.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2" c="brand.9">
            {t('quotes:detailTitle', { number: quote.quote_number })}
          </Title>
          <Text c="gray.7" mt={4}>
            {t('quotes:requestedBy', {
              name: quote.requester.full_name,
              date: formatDateTime(quote.requested_at, locale),
            })}
            {quote.wished_delivery_date &&
              ` · ${t('quotes:wishedDelivery', { date: formatDay(quote.wished_delivery_date, locale) })}`}
          </Text>
        </div>
        <QuoteStatusBadge status={quote.status} />
      </Group>
      <StatusNote quote={quote} />
      <QuoteLines lines={quote.lines} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Conversation messages={quote.messages} />
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="total-h">
          <Title order={2} size="h4" mb="sm" id="total-h">
            {t('quotes:quotedTotal')}
          </Title>
          <Text fz={28} fw={700} c="brand.9">
            {quote.quoted_total === null ? '–' : formatMoney(quote.quoted_total, locale)}
          </Text>
          <Text size="xs" c="gray.7">
            {t('quotes:totalNote')}
          </Text>
          <Actions quote={quote} />
        </Card>
      </SimpleGrid>
      <BackToQuotes />
    </Stack>
  );
}

function BackToQuotes() {
  const { t } = useTranslation(QUOTE_NAMESPACES);
  return (
    <Group>
      <Button
        component={LocaleLink}
        to="/quotes"
        variant="default"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
      >
        {t('quotes:back')}
      </Button>
    </Group>
  );
}

/** What the quote's status means for the buyer now. */
function StatusNote({ quote }: { quote: Quote }) {
  const { t } = useTranslation(QUOTE_NAMESPACES);
  const locale = useLocale();
  const until = quote.valid_until ? formatDay(quote.valid_until, locale) : '';
  switch (quote.status) {
    case 'requested':
      return (
        <Alert color="yellow" variant="light" styles={{ message: { color: '#5c3c00' } }}>
          {t('quotes:note.requested')}
        </Alert>
      );
    case 'answered':
      return (
        <Alert color="blue" variant="light" styles={{ message: { color: '#0b3d6e' } }}>
          {t('quotes:note.answered', { date: until })}
        </Alert>
      );
    case 'expired':
      return (
        <Alert color="gray" variant="light" styles={{ message: { color: '#343a40' } }}>
          {t('quotes:note.expired', { date: until })}
        </Alert>
      );
    case 'accepted':
      return (
        <Alert color="teal" variant="light" styles={{ message: { color: '#0b5345' } }}>
          <Stack gap={4}>
            {t('quotes:note.accepted')}
            {quote.order && (
              <Anchor component={LocaleLink} to={`/orders/${quote.order._id}`} size="sm" fw={600}>
                {t('quotes:openOrder', { number: quote.order.order_number })}
              </Anchor>
            )}
          </Stack>
        </Alert>
      );
    default:
      return (
        <Alert color="gray" variant="light" styles={{ message: { color: '#343a40' } }}>
          {t('quotes:note.declined')}
        </Alert>
      );
  }
}

/** Accept (through the checkout), ask again, decline. */
function Actions({ quote }: { quote: Quote }) {
  const { t } = useTranslation(QUOTE_NAMESPACES);
  const respond = useRespondToQuote(quote._id);
  const [dialog, setDialog] = useState<'ask-again' | 'decline' | null>(null);
  const [message, setMessage] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number | string>>({});
  if (!quote.can_accept && !quote.can_respond) return null;

  const open = (which: 'ask-again' | 'decline') => {
    respond.reset();
    setMessage('');
    setQuantities({});
    setDialog(which);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body =
      dialog === 'ask-again'
        ? {
            action: 'ask-again' as const,
            message,
            lines: quote.lines.map((line) => ({
              product_id: line.product_id,
              quantity: Number(quantities[line.product_id] ?? line.quantity) || 0,
            })),
          }
        : { action: 'decline' as const, message: message.trim() || undefined };
    respond.mutate(body, {
      onSuccess: () => {
        setDialog(null);
        notifySuccess(
          t(dialog === 'ask-again' ? 'quotes:askedAgainNotice' : 'quotes:declinedNotice'),
        );
      },
      onError: notifyUnlessFields,
    });
  };
  const fieldError = (field: string) => fieldMessage(respond.error, field);

  return (
    <Stack gap="xs" mt="lg">
      {quote.can_accept && (
        <Button
          component={LocaleLink}
          to={`/checkout/delivery?quote=${quote._id}`}
          leftSection={<IconCheck size={18} aria-hidden />}
          fullWidth
          classNames={wrappingButton}
        >
          {t('quotes:accept')}
        </Button>
      )}
      {quote.can_respond && (
        <>
          <Button
            variant="default"
            leftSection={<IconMessageDollar size={18} aria-hidden />}
            onClick={() => open('ask-again')}
            fullWidth
          >
            {t('quotes:askAgain')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={18} color="var(--mantine-color-red-9)" aria-hidden />}
            onClick={() => open('decline')}
            fullWidth
          >
            {t('quotes:decline')}
          </Button>
        </>
      )}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'decline' ? t('quotes:declineTitle') : t('quotes:askAgainTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {dialog === 'ask-again' &&
              quote.lines.map((line, index) => (
                <NumberInput
                  key={line.product_id}
                  label={t('quotes:quantityOf', { title: line.title })}
                  min={1}
                  max={QUOTE_MAX_QUANTITY}
                  allowDecimal={false}
                  allowNegative={false}
                  value={quantities[line.product_id] ?? line.quantity}
                  onChange={(value) =>
                    setQuantities((current) => ({ ...current, [line.product_id]: value }))
                  }
                  error={fieldError(`lines.${index}.quantity`)}
                />
              ))}
            <Textarea
              label={dialog === 'decline' ? t('quotes:declineReason') : t('quotes:askAgainMessage')}
              required={dialog === 'ask-again'}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              maxLength={QUOTE_MESSAGE_MAX_LENGTH}
              autosize
              minRows={3}
              error={fieldError('message')}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={respond.isPending}
                color={dialog === 'decline' ? 'red.9' : undefined}
              >
                {dialog === 'decline' ? t('quotes:decline') : t('quotes:sendAskAgain')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
