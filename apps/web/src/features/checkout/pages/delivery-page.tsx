import { useState } from 'react';
import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Address, AddressKind } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { useLocalizePath } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useAddresses } from '../../../shared/api/addresses';
import { useCheckoutOptions } from '../api/checkout';
import {
  readChoice,
  readQuote,
  resolveChoice,
  writeChoice,
  type CheckoutChoice,
} from '../checkout-choice';
import { AddressBook } from '../components/address-book';
import { AddressFormModal } from '../../../shared/ui/address-form-modal';
import { CheckoutSteps } from '../components/checkout-steps';
import { QuoteNote } from '../components/quote-note';
import { purchaseBlocked } from '../vat-status';

interface Editing {
  kind: AddressKind;
  address: Address | null;
}

/** Delivery address step: manage both address books, choose delivery and invoice addresses. */
export function DeliveryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [params] = useSearchParams();
  const me = useMe().data;
  const options = useCheckoutOptions();
  const delivery = useAddresses('delivery');
  const invoice = useAddresses('invoice');
  const [chosen, setChoice] = useState<CheckoutChoice | null>(null);
  const [separateChosen, setSeparate] = useState<boolean | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);

  if (!me || !options.data || !delivery.data || !invoice.data) {
    return options.isError || delivery.isError || invoice.isError ? (
      <Text c="dimmed" ta="center">
        {t('errors.generic')}
      </Text>
    ) : (
      <PageLoader />
    );
  }
  const deliveryList = delivery.data;
  const invoiceList = invoice.data;
  // Until the buyer picks, the URL's choice or the company's defaults show.
  const choice =
    chosen ?? resolveChoice(readChoice(params), options.data, deliveryList, invoiceList);
  const separate = separateChosen ?? choice.invoiceId !== null;

  const invoiceId = separate ? choice.invoiceId : null;
  const blocked = purchaseBlocked(me, invoiceId);
  const missing = !choice.deliveryId || (separate && !choice.invoiceId);
  const defaultCountry = me.company?.country ?? '';

  const saved = (kind: AddressKind, address: Address) => {
    setEditing(null);
    setChoice(
      kind === 'delivery'
        ? { ...choice, deliveryId: address._id }
        : { ...choice, invoiceId: address._id },
    );
  };
  const quoteId = readQuote(params);
  const next = () =>
    void navigate(
      `${localize('/checkout/summary')}?${writeChoice({ deliveryId: choice.deliveryId, invoiceId }, quoteId)}`,
    );

  return (
    <Stack gap="lg">
      <CheckoutSteps active="delivery" quote={quoteId !== null} />
      <Title order={1} size="h2" c="brand.9">
        {t('checkout.delivery.title')}
      </Title>
      {quoteId && <QuoteNote />}

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="delivery-h">
        <Title order={2} size="h4" mb="md" id="delivery-h">
          {t('checkout.delivery.deliveryAddress')}
        </Title>
        <AddressBook
          kind="delivery"
          addresses={deliveryList}
          selectedId={choice.deliveryId}
          onSelect={(id) => setChoice({ ...choice, deliveryId: id })}
          onEdit={(address) => setEditing({ kind: 'delivery', address })}
          onAdd={() => setEditing({ kind: 'delivery', address: null })}
        />
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="invoice-h">
        <Title order={2} size="h4" mb="md" id="invoice-h">
          {t('checkout.delivery.invoiceAddress')}
        </Title>
        <Radio.Group
          value={separate ? 'separate' : 'same'}
          onChange={(value) => setSeparate(value === 'separate')}
          label={t('checkout.delivery.invoiceChoice')}
          mb="md"
        >
          <Stack gap="xs" mt="xs">
            <Radio value="same" label={t('checkout.delivery.sameAddress')} />
            <Radio value="separate" label={t('checkout.delivery.separateAddress')} />
          </Stack>
        </Radio.Group>
        {separate && (
          <AddressBook
            kind="invoice"
            addresses={invoiceList}
            selectedId={choice.invoiceId}
            onSelect={(id) => setChoice({ ...choice, invoiceId: id })}
            onEdit={(address) => setEditing({ kind: 'invoice', address })}
            onAdd={() => setEditing({ kind: 'invoice', address: null })}
          />
        )}
      </Card>

      {blocked && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          styles={{ message: { color: '#a61e1e' } }}
        >
          {t('cart.holds.vatInactive')}
        </Alert>
      )}
      {missing && (
        <Alert color="blue" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          {t(
            choice.deliveryId
              ? 'checkout.delivery.chooseInvoice'
              : 'checkout.delivery.chooseDelivery',
          )}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          component={LocaleLink}
          to={quoteId ? `/quotes/${quoteId}` : '/cart'}
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {t(quoteId ? 'checkout.quote.back' : 'checkout.backToCart')}
        </Button>
        <Button
          rightSection={<IconArrowRight size={18} aria-hidden />}
          disabled={missing || blocked}
          onClick={next}
        >
          {t('checkout.delivery.continue')}
        </Button>
      </Group>

      {editing && (
        <AddressFormModal
          kind={editing.kind}
          address={editing.address}
          defaultCountry={defaultCountry}
          onClose={() => setEditing(null)}
          onSaved={(address) => saved(editing.kind, address)}
        />
      )}
    </Stack>
  );
}
