import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QUOTE_MAX_UNIT_PRICE, QUOTE_MESSAGE_MAX_LENGTH, type StaffQuote } from '@portal/contract';
import { formatDateTime, formatDay } from '../../../shared/format/date';
import { formatMoney, sumOfLines } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { fieldMessage } from '../../../shared/forms/server-errors';
import { notifySuccess, notifyUnlessFields } from '../../../shared/ui/notify';
import { PageLoader } from '../../../shared/ui/page-loader';
import { STAFF_QUOTE_NAMESPACES } from '../../../i18n/i18n';
import { useAnswerQuote, useStaffQuote } from '../api/quotes';
import { Conversation } from '../components/conversation';
import { QuoteLines } from '../components/quote-lines';
import { QuoteStatusBadge } from '../components/quote-status-badge';

/** How long an answer is valid unless staff choose otherwise. */
const DEFAULT_VALIDITY_DAYS = 30;

const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Back office /admin/quotes/:id: what the customer asks, with the list price and stock of each
 * line; staff answer with a price per unit, a last day and a message (again after the customer
 * asks again or the quote expired).
 */
export function StaffQuotePage() {
  const { t } = useTranslation(STAFF_QUOTE_NAMESPACES);
  const { id = '' } = useParams();
  const locale = useLocale();
  const query = useStaffQuote(id, locale);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
        <BackToList />
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
            <Anchor
              component={LocaleLink}
              to={`/admin/customers/${quote.company._id}`}
              underline="always"
              fw={600}
            >
              {quote.company.name}
            </Anchor>{' '}
            ·{' '}
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
      {quote.order && (
        <Alert color="teal" variant="light" styles={{ message: { color: '#0b5345' } }}>
          <Anchor component={LocaleLink} to={`/admin/orders/${quote.order._id}`} fw={600}>
            {t('quotes:openOrder', { number: quote.order.order_number })}
          </Anchor>
        </Alert>
      )}
      {quote.can_answer ? <AnswerForm quote={quote} /> : <ReadOnlyLines quote={quote} />}
      <Conversation messages={quote.messages} />
      <BackToList />
    </Stack>
  );
}

function BackToList() {
  const { t } = useTranslation(STAFF_QUOTE_NAMESPACES);
  return (
    <Group>
      <Button
        component={LocaleLink}
        to="/admin/quotes"
        variant="default"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
      >
        {t('quotes:staff.back')}
      </Button>
    </Group>
  );
}

function StockHead() {
  const { t } = useTranslation(STAFF_QUOTE_NAMESPACES);
  return <Table.Th ta="right">{t('quotes:stock')}</Table.Th>;
}

function ReadOnlyLines({ quote }: { quote: StaffQuote }) {
  return (
    <QuoteLines
      lines={quote.lines}
      productLinks={false}
      extraHead={<StockHead />}
      extraCells={(line) => <Table.Td ta="right">{line.stock}</Table.Td>}
    />
  );
}

/** A price per line (the last answer's, else the list price), the last day and a message. */
function AnswerForm({ quote }: { quote: StaffQuote }) {
  const { t } = useTranslation(STAFF_QUOTE_NAMESPACES);
  const locale = useLocale();
  const answer = useAnswerQuote(quote._id);
  const [prices, setPrices] = useState<Record<string, number | string>>(() =>
    Object.fromEntries(
      quote.lines.map((line) => [line.product_id, line.unit_price ?? line.list_price]),
    ),
  );
  const [validUntil, setValidUntil] = useState(
    quote.status === 'answered' && quote.valid_until
      ? quote.valid_until
      : dayFromNow(DEFAULT_VALIDITY_DAYS),
  );
  const [message, setMessage] = useState('');
  const priceOf = (productId: string) => Number(prices[productId]);
  const typed = (line: { product_id: string; quantity: number }) => ({
    price: priceOf(line.product_id) || 0,
    quantity: line.quantity,
  });
  const total = sumOfLines(quote.lines.map(typed));
  const fieldError = (field: string) => fieldMessage(answer.error, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate(
      {
        lines: quote.lines.map((line) => ({
          product_id: line.product_id,
          unit_price: priceOf(line.product_id),
        })),
        valid_until: validUntil,
        message: message.trim() || undefined,
      },
      {
        onSuccess: () => {
          setMessage('');
          notifySuccess(t('quotes:staff.answeredNotice', { number: quote.quote_number }));
        },
        onError: notifyUnlessFields,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <QuoteLines
          lines={quote.lines}
          productLinks={false}
          extraHead={<StockHead />}
          extraCells={(line) => <Table.Td ta="right">{line.stock}</Table.Td>}
          lineTotalOf={(line) => sumOfLines([typed(line)])}
          quotedCell={(line, index) => (
            <NumberInput
              aria-label={t('quotes:staff.priceOf', { title: line.title })}
              value={prices[line.product_id]}
              onChange={(value) =>
                setPrices((current) => ({ ...current, [line.product_id]: value }))
              }
              min={0}
              max={QUOTE_MAX_UNIT_PRICE}
              decimalScale={2}
              allowNegative={false}
              prefix="€ "
              w="100%"
              maw={140}
              ml="auto"
              error={fieldError(`lines.${index}.unit_price`)}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="answer-h">
            <Title order={2} size="h4" mb="sm" id="answer-h">
              {quote.status === 'requested' ? t('quotes:staff.answer') : t('quotes:staff.revise')}
            </Title>
            <Stack gap="md">
              <TextInput
                type="date"
                label={t('quotes:validUntil')}
                required
                min={dayFromNow(0)}
                value={validUntil}
                onChange={(event) => setValidUntil(event.currentTarget.value)}
                error={fieldError('valid_until')}
              />
              <Textarea
                label={t('quotes:staff.message')}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
                maxLength={QUOTE_MESSAGE_MAX_LENGTH}
                autosize
                minRows={3}
                error={fieldError('message')}
              />
              {fieldError('lines') && (
                <Text c="red.8" size="sm" role="alert">
                  {fieldError('lines')}
                </Text>
              )}
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Text size="sm" c="gray.7">
              {t('quotes:quotedTotal')}
            </Text>
            <Text fz={28} fw={700} c="brand.9">
              {formatMoney(total, locale)}
            </Text>
            <Text size="xs" c="gray.7">
              {t('quotes:totalNote')}
            </Text>
            <Button
              type="submit"
              mt="lg"
              fullWidth
              loading={answer.isPending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              {t('quotes:staff.send')}
            </Button>
          </Card>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
