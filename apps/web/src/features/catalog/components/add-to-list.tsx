import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can } from '@portal/contract';
import { useAddToShoppingList, useShoppingLists } from '../../../shared/api/shopping-lists';
import { useMe } from '../../../shared/auth/me';
import { useLocale } from '../../../shared/locale/use-locale';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { SaveListModal } from '../../../shared/ui/save-list-modal';
import { useDrawnOnceOpened } from '../../../shared/ui/use-drawn-once-opened';

/**
 * Puts a product on one of the caller's shopping lists, or on a new one (product page, cards
 * and rows of listings). The menu reads the lists only when it is opened.
 */
export function AddToList({
  product,
  quantity = 1,
  compact = false,
}: {
  product: { _id: string; name: string };
  quantity?: number;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const role = useMe().data?.role;
  const [opened, setOpened] = useState(false);
  const [creating, setCreating] = useState(false);
  const dialogDrawn = useDrawnOnceOpened(creating);
  const lists = useShoppingLists(1, locale, opened);
  const add = useAddToShoppingList();
  if (!can(role, 'shopping_lists.use')) return null;
  const editable = (lists.data?.items ?? []).filter((list) => list.can_edit);
  const line = { product_id: product._id, quantity: Math.max(1, quantity) };

  return (
    <>
      <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size={compact ? 'xs' : 'md'}
            leftSection={<IconListDetails size={compact ? 16 : 18} aria-hidden />}
            aria-label={compact ? t('lists.addToNamed', { name: product.name }) : undefined}
            loading={add.isPending}
            // Above a card's stretched product link.
            style={compact ? { position: 'relative', zIndex: 2 } : undefined}
          >
            {t('lists.addTo')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {lists.data && editable.length === 0 && <Menu.Label>{t('lists.noListsYet')}</Menu.Label>}
          {editable.map((list) => (
            <Menu.Item
              key={list._id}
              onClick={() =>
                add.mutate(
                  { listId: list._id, ...line },
                  {
                    onSuccess: () => notifySuccess(t('lists.addedTo', { name: list.name })),
                    onError: notifyError,
                  },
                )
              }
            >
              {list.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('lists.newList')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialogDrawn && (
        <SaveListModal
          opened={creating}
          onClose={() => setCreating(false)}
          source={{ from: 'lines', lines: [line] }}
        />
      )}
    </>
  );
}
