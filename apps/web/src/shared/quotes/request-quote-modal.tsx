import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QUOTE_MAX_QUANTITY, QUOTE_MESSAGE_MAX_LENGTH } from '@portal/contract';
import { ApiError } from '../api/client';
import { useRequestQuote } from '../api/quotes';
import { useLocalizePath } from '../locale/use-locale';
import { fieldMessage } from '../forms/server-errors';
import { notifySuccess, notifyUnlessFields } from '../ui/notify';

export interface QuoteCandidate {
  productId: string;
  title: string;
  sku: string;
  quantity: number;
}

/**
 * Asks the shop for a quote on these products: quantities (changeable here), a message and a
 * wished delivery date. Opened from the cart (its lines) and a product page (one line); the
 * new quote opens once it is sent.
 */
export function RequestQuoteModal({
  opened,
  onClose,
  lines,
}: {
  opened: boolean;
  onClose: () => void;
  lines: QuoteCandidate[];
}) {
  const { t } = useTranslation();
  const request = useRequestQuote();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [quantities, setQuantities] = useState<Record<string, number | string>>({});
  const [message, setMessage] = useState('');
  const [wishedDate, setWishedDate] = useState('');
  const today = new Date().toISOString().slice(0, 10);

  const fieldError = (field: string) => fieldMessage(request.error, field);
  const quantityOf = (line: QuoteCandidate) => quantities[line.productId] ?? line.quantity;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(
      {
        lines: lines.map((line) => ({
          product_id: line.productId,
          quantity: Number(quantityOf(line)) || 0,
        })),
        message: message.trim() || undefined,
        wished_delivery_date: wishedDate || null,
      },
      {
        onSuccess: (quote) => {
          notifySuccess(t('quotes.request.sent', { number: quote.quote_number }));
          onClose();
          void navigate(localize(`/quotes/${quote._id}`));
        },
        onError: notifyUnlessFields,
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('quotes.request.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t('quotes.request.intro')}
          </Text>
          {lines.map((line, index) => (
            <Group key={line.productId} justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {line.title}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('catalog.sku')}: {line.sku}
                </Text>
              </div>
              <NumberInput
                w={120}
                label={t('quotes.request.quantity')}
                aria-label={t('quotes.request.quantityOf', { title: line.title })}
                min={1}
                max={QUOTE_MAX_QUANTITY}
                allowDecimal={false}
                allowNegative={false}
                value={quantityOf(line)}
                onChange={(value) =>
                  setQuantities((current) => ({ ...current, [line.productId]: value }))
                }
                error={
                  fieldError(`lines.${index}.quantity`) ?? fieldError(`lines.${index}.product_id`)
                }
              />
            </Group>
          ))}
          <Textarea
            label={t('quotes.request.message')}
            description={t('quotes.request.messageHint')}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            maxLength={QUOTE_MESSAGE_MAX_LENGTH}
            autosize
            minRows={3}
            error={fieldError('message')}
          />
          <TextInput
            type="date"
            label={t('quotes.request.wishedDate')}
            min={today}
            value={wishedDate}
            onChange={(event) => setWishedDate(event.currentTarget.value)}
            error={fieldError('wished_delivery_date')}
          />
          {request.error instanceof ApiError && fieldError('lines') && (
            <Text c="red.8" size="sm" role="alert">
              {fieldError('lines')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={request.isPending}>
              {t('quotes.request.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
