import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconEdit, IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  can,
  CART_MAX_LINE_QUANTITY,
  SHOPPING_LIST_NAME_MAX_LENGTH,
  SHOPPING_LIST_NOTE_MAX_LENGTH,
  type ShoppingList,
  type ShoppingListLine,
} from '@portal/contract';
import {
  useChangeShoppingList,
  useDeleteShoppingList,
  useOrderShoppingList,
  useShoppingList,
  type ShoppingListChange,
} from '../../../shared/api/shopping-lists';
import { ApiError } from '../../../shared/api/client';
import { useMe } from '../../../shared/auth/me';
import { formatMoney } from '../../../shared/format/money';
import { useLocale, useLocalizePath } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';

/** /lists/:id: a shopping list's lines; those who buy order it, or chosen lines, into the cart. */
export function ListPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const locale = useLocale();
  const query = useShoppingList(id, locale);

  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {query.error?.message ?? t('errors.generic')}
        </Alert>
        <BackToLists />
      </Stack>
    );
  }
  return <ListView list={query.data} />;
}

function BackToLists() {
  const { t } = useTranslation();
  return (
    <Anchor component={LocaleLink} to="/lists" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('lists.back')}
      </Group>
    </Anchor>
  );
}

function ListView({ list }: { list: ShoppingList }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const role = useMe().data?.role;
  const change = useChangeShoppingList(list._id, locale);
  const remove = useDeleteShoppingList(list._id);
  const order = useOrderShoppingList(list._id);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState(false);
  const buys = can(role, 'cart.use');
  const orderable = list.lines.filter((line) => line.product !== null);

  const apply = (update: ShoppingListChange) => change.mutate(update, { onError: notifyError });
  const toggle = (productId: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(productId);
      else next.delete(productId);
      return next;
    });
  const orderLines = (productIds: string[] | undefined) =>
    order.mutate(productIds, {
      onSuccess: () => {
        notifySuccess(t('lists.addedToCart', { name: list.name }));
        void navigate(localize('/cart'));
      },
      onError: (error) => {
        // Each refused line says why: show them together.
        const lines =
          error instanceof ApiError && error.details.length > 0
            ? new Error([error.message, ...error.details.map((d) => d.message)].join(' · '))
            : error;
        notifyError(lines);
      },
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('lists.deleteTitle'),
      children: <Text size="sm">{t('lists.deleteText', { name: list.name })}</Text>,
      labels: { confirm: t('lists.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.8' },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifySuccess(t('lists.deleted', { name: list.name }));
            void navigate(localize('/lists'));
          },
          onError: notifyError,
        }),
    });

  return (
    <Stack gap="lg">
      <BackToLists />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} size="h2" c="brand.9">
              {list.name}
            </Title>
            <Badge variant="light" color={list.shared ? 'brand' : 'gray'}>
              {list.shared ? t('lists.sharedBadge') : t('lists.private')}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7" mt={4}>
            {t('lists.madeBy', { name: list.created_by })}
          </Text>
        </div>
        {list.can_edit && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconEdit size={18} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              {t('lists.edit')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconTrash size={18} color="var(--mantine-color-red-9)" aria-hidden />}
              onClick={confirmDelete}
            >
              {t('lists.delete')}
            </Button>
          </Group>
        )}
      </Group>
      {!list.can_edit && can(role, 'shopping_lists.use') && (
        <Text size="sm" c="gray.7">
          {t('lists.readOnly', { name: list.created_by })}
        </Text>
      )}

      <Card withBorder radius="md" padding={0}>
        {list.lines.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('lists.emptyList')}
          </Text>
        ) : (
          <ResponsiveTable minWidth={820} label={t('lists.linesLabel')} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {buys && (
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label={t('lists.chooseAll')}
                      checked={orderable.length > 0 && chosen.size === orderable.length}
                      indeterminate={chosen.size > 0 && chosen.size < orderable.length}
                      onChange={(event) =>
                        setChosen(
                          event.currentTarget.checked
                            ? new Set(orderable.map((line) => line.product_id))
                            : new Set(),
                        )
                      }
                    />
                  </Table.Th>
                )}
                <Table.Th>{t('cart.product')}</Table.Th>
                <Table.Th ta="right">{t('cart.price')}</Table.Th>
                <Table.Th w={120}>{t('cart.quantity')}</Table.Th>
                <Table.Th>{t('lists.note')}</Table.Th>
                <Table.Th ta="right">{t('cart.subtotal')}</Table.Th>
                {list.can_edit && <Table.Th w={56}>{t('cart.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.lines.map((line) => (
                <LineRow
                  // A line changed on the server (here or by a colleague) starts its fields again.
                  key={`${line.product_id}:${line.quantity}:${line.note}`}
                  line={line}
                  editable={list.can_edit}
                  choosable={buys}
                  chosen={chosen.has(line.product_id)}
                  onChoose={(on) => toggle(line.product_id, on)}
                  onChange={apply}
                />
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        <Group p="md" justify="space-between" wrap="wrap" gap="sm">
          <Text fw={700}>{t('lists.totalIs', { amount: formatMoney(list.total, locale) })}</Text>
          {buys && (
            <Group gap="sm">
              <Button
                variant="default"
                disabled={chosen.size === 0}
                loading={order.isPending && order.variables !== undefined}
                onClick={() => orderLines([...chosen])}
              >
                {t('lists.addChosen', { count: chosen.size })}
              </Button>
              <Button
                leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                disabled={orderable.length === 0}
                loading={order.isPending && order.variables === undefined}
                onClick={() => orderLines(undefined)}
              >
                {t('lists.addAll')}
              </Button>
            </Group>
          )}
        </Group>
      </Card>
      <EditListModal
        key={`${list.name}-${String(list.shared)}`}
        list={list}
        opened={editing}
        onClose={() => setEditing(false)}
        onSave={(input) =>
          change.mutate({ kind: 'list', input }, { onSuccess: () => setEditing(false) })
        }
        error={change.error}
        saving={change.isPending}
      />
    </Stack>
  );
}

function LineRow({
  line,
  editable,
  choosable,
  chosen,
  onChoose,
  onChange,
}: {
  line: ShoppingListLine;
  editable: boolean;
  choosable: boolean;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  onChange: (change: ShoppingListChange) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Titles repeat across products: the SKU tells the lines apart for screen readers.
  const name = line.product ? `${line.product.name} (${line.sku})` : line.sku;
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [note, setNote] = useState(line.note);
  const wanted = Number(quantity);
  const quantityValid = /^\d+$/.test(quantity) && wanted >= 1 && wanted <= CART_MAX_LINE_QUANTITY;
  const saveQuantity = () => {
    if (quantityValid && wanted !== line.quantity) {
      onChange({ kind: 'line', productId: line.product_id, input: { quantity: wanted } });
    }
  };
  const saveNote = () => {
    if (note.trim() !== line.note) {
      onChange({ kind: 'line', productId: line.product_id, input: { note: note.trim() } });
    }
  };

  return (
    <Table.Tr>
      {choosable && (
        <Table.Td>
          <Checkbox
            aria-label={t('lists.choose', { name })}
            checked={chosen}
            disabled={!line.product}
            onChange={(event) => onChoose(event.currentTarget.checked)}
          />
        </Table.Td>
      )}
      <Table.Td>
        {line.product ? (
          <Anchor
            component={LocaleLink}
            to={`/product/${encodeURIComponent(line.sku)}`}
            fw={600}
            size="sm"
          >
            {line.product.name}
          </Anchor>
        ) : (
          <Text size="sm" c="gray.7">
            {t('lists.noLongerSold')}
          </Text>
        )}
        <Text size="xs" c="gray.7">
          {line.sku}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{line.product ? formatMoney(line.product.price, locale) : '–'}</Table.Td>
      <Table.Td>
        {editable ? (
          <TextInput
            aria-label={t('cart.quantityOf', { name })}
            inputMode="numeric"
            value={quantity}
            error={quantityValid ? undefined : t('quickOrder.problem.quantity')}
            onChange={(event) => setQuantity(event.currentTarget.value)}
            onBlur={saveQuantity}
            onKeyDown={(event) => {
              if (event.key === 'Enter') saveQuantity();
            }}
          />
        ) : (
          line.quantity
        )}
      </Table.Td>
      <Table.Td>
        {editable ? (
          <TextInput
            aria-label={t('lists.noteOf', { name })}
            maxLength={SHOPPING_LIST_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            onBlur={saveNote}
            onKeyDown={(event) => {
              if (event.key === 'Enter') saveNote();
            }}
          />
        ) : (
          <Text size="sm">{line.note}</Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={600}>
          {formatMoney(line.subtotal, locale)}
        </Text>
      </Table.Td>
      {editable && (
        <Table.Td>
          <ActionIcon
            variant="subtle"
            color="red.9"
            aria-label={t('lists.remove', { name })}
            onClick={() => onChange({ kind: 'remove-line', productId: line.product_id })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function EditListModal({
  list,
  opened,
  onClose,
  onSave,
  error,
  saving,
}: {
  list: ShoppingList;
  opened: boolean;
  onClose: () => void;
  onSave: (input: { name: string; shared: boolean }) => void;
  error: Error | null;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(list.name);
  const [shared, setShared] = useState(list.shared);
  const [blank, setBlank] = useState(false);
  const nameError =
    error instanceof ApiError ? error.details.find((d) => d.field === 'name')?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setBlank(true);
      return;
    }
    onSave({ name: name.trim(), shared });
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('lists.edit')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('lists.name')}
            required
            maxLength={SHOPPING_LIST_NAME_MAX_LENGTH}
            value={name}
            error={blank ? t('validation.required') : nameError}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setBlank(false);
            }}
            data-autofocus
          />
          <Checkbox
            label={t('lists.shareWithCompany')}
            description={t('lists.sharedHint')}
            checked={shared}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('lists.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
