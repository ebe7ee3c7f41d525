import { Alert, Button, Card, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { modals } from '@mantine/modals';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconListDetails,
  IconListNumbers,
  IconMessageDollar,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can } from '@portal/contract';
import { formatMoney } from '../../../shared/format/money';
import { useMe } from '../../../shared/auth/me';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageLoader } from '../../../shared/ui/page-loader';
import { OneClickButton } from '../components/one-click-button';
import { purchaseBlocked } from '../vat-status';
import { useCart, useClearCart, useUpdateCart } from '../../../shared/api/cart';
import { cartHolds, type CartHold } from '../cart-lines';
import { CartLineRow } from '../components/cart-line-row';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { SaveListModal } from '../../../shared/ui/save-list-modal';
import { RequestQuoteModal } from '../../../shared/quotes/request-quote-modal';
import { wrappingButton } from '../../../shared/ui/wrapping-button';

/** /cart: the cart table, clear cart, continue shopping, minimums and the way to checkout. */
export function CartPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const me = useMe().data;
  const cart = useCart();
  const update = useUpdateCart();
  const clear = useClearCart();
  const [savingList, setSavingList] = useState(false);
  const [askingQuote, setAskingQuote] = useState(false);

  if (!cart.data || !me) {
    return cart.isError ? (
      <Text c="dimmed" ta="center">
        {t('errors.generic')}
      </Text>
    ) : (
      <PageLoader />
    );
  }
  const data = cart.data;
  const lines = data.cart_item.items;
  const holds = cartHolds(data);
  const blocked = purchaseBlocked(me);
  const ready = holds.length === 0 && !blocked;

  const setQuantity = (productId: string, quantity: number, onRefused: () => void) =>
    update.mutate(
      { product_id: productId, quantity, mode: 'set' },
      {
        onSuccess: () => notifySuccess(t('cart.updated')),
        onError: (error) => {
          onRefused();
          notifyError(error);
        },
      },
    );

  const confirmClear = () =>
    modals.openConfirmModal({
      title: t('cart.clearTitle'),
      children: <Text size="sm">{t('cart.clearText')}</Text>,
      labels: { confirm: t('cart.clear'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.9' },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        clear.mutate(undefined, {
          onSuccess: () => notifySuccess(t('cart.updated')),
          onError: notifyError,
        }),
    });

  const holdMessage = (hold: CartHold) => {
    switch (hold) {
      case 'stock':
        return t('cart.holds.stock');
      case 'min_amount':
        return t('cart.holds.minAmount', { amount: formatMoney(data.minimum.amount, locale) });
      case 'min_quantity':
        return t('cart.holds.minQuantity', { qty: data.minimum.quantity });
      default:
        return null;
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2" c="brand.9">
        {t('cart.title')}
      </Title>

      {lines.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="md">
            <Text c="dimmed">{t('cart.empty')}</Text>
            <Group gap="sm" justify="center">
              <Button component={LocaleLink} to="/" leftSection={<IconArrowLeft size={18} />}>
                {t('cart.continueShopping')}
              </Button>
              <Button
                component={LocaleLink}
                to="/quick-order"
                variant="default"
                leftSection={<IconListNumbers size={18} aria-hidden />}
              >
                {t('header.quickOrder')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <>
          <Card withBorder radius="md" padding={0}>
            <ResponsiveTable minWidth={560} verticalSpacing="sm" horizontalSpacing="md">
              <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} px="md" pt="sm">
                {t('cart.caption', { count: data.item_count })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('cart.product')}</Table.Th>
                  <Table.Th ta="right">{t('cart.price')}</Table.Th>
                  <Table.Th>{t('cart.quantity')}</Table.Th>
                  <Table.Th ta="right">{t('cart.subtotal')}</Table.Th>
                  <Table.Th ta="center">{t('cart.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => (
                  <CartLineRow
                    key={line._id}
                    line={line}
                    busy={
                      clear.isPending ||
                      (update.isPending && update.variables.product_id === line._id)
                    }
                    onQuantity={(quantity, onRefused) => setQuantity(line._id, quantity, onRefused)}
                  />
                ))}
              </Table.Tbody>
            </ResponsiveTable>
          </Card>

          <Group justify="space-between" align="flex-start" gap="lg">
            <Group gap="sm">
              <Button
                component={LocaleLink}
                to="/"
                variant="default"
                leftSection={<IconArrowLeft size={18} aria-hidden />}
              >
                {t('cart.continueShopping')}
              </Button>
              <Button
                component={LocaleLink}
                to="/quick-order"
                variant="default"
                leftSection={<IconListNumbers size={18} aria-hidden />}
              >
                {t('header.quickOrder')}
              </Button>
              {can(me.role, 'shopping_lists.use') && (
                <Button
                  variant="default"
                  leftSection={<IconListDetails size={18} aria-hidden />}
                  onClick={() => setSavingList(true)}
                >
                  {t('lists.saveCart')}
                </Button>
              )}
              {can(me.role, 'quotes.request') && (
                <Button
                  variant="default"
                  leftSection={<IconMessageDollar size={18} aria-hidden />}
                  onClick={() => setAskingQuote(true)}
                >
                  {t('quotes.request.fromCart')}
                </Button>
              )}
              <Button
                variant="default"
                leftSection={<IconTrash size={18} color="var(--mantine-color-red-9)" aria-hidden />}
                onClick={confirmClear}
                loading={clear.isPending}
              >
                {t('cart.clear')}
              </Button>
            </Group>

            <Card withBorder radius="md" padding="lg" w={{ base: '100%', sm: 360 }}>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text size="sm">{t('cart.items')}</Text>
                  <Text size="sm" fw={600}>
                    {data.item_count}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text fw={600}>{t('cart.total')}</Text>
                  <Text fw={700} fz="lg" c="brand.9" data-cart-total>
                    {formatMoney(data.subtotal, locale)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('cart.totalNote')}
                </Text>
                <Divider />
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
                {holds.map((hold) => {
                  const message = holdMessage(hold);
                  return (
                    message && (
                      <Alert
                        key={hold}
                        color="red"
                        variant="light"
                        icon={<IconAlertCircle size={18} aria-hidden />}
                        styles={{ message: { color: '#a61e1e' } }}
                      >
                        {message}
                      </Alert>
                    )
                  );
                })}
                {ready ? (
                  <Button
                    component={LocaleLink}
                    to="/checkout/delivery"
                    rightSection={<IconArrowRight size={18} aria-hidden />}
                    fullWidth
                    classNames={wrappingButton}
                  >
                    {t('cart.proceed')}
                  </Button>
                ) : (
                  <Button
                    rightSection={<IconArrowRight size={18} aria-hidden />}
                    disabled
                    fullWidth
                  >
                    {t('cart.proceed')}
                  </Button>
                )}
                <OneClickButton disabled={!ready} />
              </Stack>
            </Card>
          </Group>
        </>
      )}
      <SaveListModal
        opened={savingList}
        onClose={() => setSavingList(false)}
        source={{ from: 'cart' }}
      />
      {askingQuote && (
        <RequestQuoteModal
          opened
          onClose={() => setAskingQuote(false)}
          lines={lines.map((line) => ({
            productId: line._id,
            title: line.product.name,
            sku: line.product.sku,
            quantity: line.quantity,
          }))}
        />
      )}
    </Stack>
  );
}
