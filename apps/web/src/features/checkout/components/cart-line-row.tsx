import { useState } from 'react';
import { ActionIcon, Box, Group, NumberInput, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CART_MAX_LINE_QUANTITY, type CartLine } from '@portal/contract';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { exceedsStock, quantityChange } from '../cart-lines';

/** One cart line: product, unit price, quantity field (sent on blur or Enter), subtotal, remove. */
export function CartLineRow({
  line,
  busy,
  onQuantity,
}: {
  line: CartLine;
  busy: boolean;
  /** Sends a quantity; `onRefused` puts the field back to the line's quantity. */
  onQuantity: (quantity: number, onRefused: () => void) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [typed, setTyped] = useState<number | string>(line.quantity);
  const [shown, setShown] = useState(line.quantity);
  // The server's quantity wins whenever it changes (an update, a clamp to stock).
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setTyped(line.quantity);
  }

  const commit = () => {
    const next = quantityChange(typed, line.quantity);
    if (next === null) setTyped(line.quantity);
    else onQuantity(next, () => setTyped(line.quantity));
  };
  const short = exceedsStock(line);

  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Box visibleFrom="sm" style={{ flexShrink: 0 }}>
            <img
              src={line.product.image.thumbnail.path}
              alt=""
              width={56}
              height={42}
              style={{ objectFit: 'contain', background: '#f8fafc', borderRadius: 4 }}
            />
          </Box>
          <div style={{ minWidth: 0 }}>
            <Text
              component={LocaleLink}
              to={`/product/${encodeURIComponent(line.product.sku)}`}
              size="sm"
              fw={600}
              c="brand.9"
              style={{ overflowWrap: 'anywhere' }}
            >
              {line.product.name}
            </Text>
            <Text size="xs" c="dimmed">
              {t('catalog.sku')}: {line.product.sku}
            </Text>
            {short && (
              <Text size="xs" c="red.9" fw={600} role="alert" mt={2}>
                <IconAlertTriangle size={13} aria-hidden style={{ verticalAlign: '-2px' }} />{' '}
                {line.available_quantity > 0
                  ? t('cart.onlyAvailable', { available: line.available_quantity })
                  : t('cart.noLongerAvailable')}
              </Text>
            )}
          </div>
        </Group>
      </Table.Td>
      <Table.Td ta="right">{formatMoney(line.price, locale)}</Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={t('cart.quantityOf', { name: line.product.name })}
          value={typed}
          onChange={setTyped}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          min={0}
          max={CART_MAX_LINE_QUANTITY}
          allowDecimal={false}
          allowNegative={false}
          disabled={busy}
          error={short}
          w={96}
        />
      </Table.Td>
      <Table.Td ta="right" fw={600}>
        {formatMoney(line.subtotal, locale)}
      </Table.Td>
      <Table.Td ta="center">
        <ActionIcon
          variant="subtle"
          color="red.9"
          aria-label={t('cart.remove', { name: line.product.name })}
          onClick={() => onQuantity(0, () => setTyped(line.quantity))}
          disabled={busy}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
