import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Address, AddressKind } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { PageLoader } from '../../../shared/ui/page-loader';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { useAddresses, useDeleteAddress } from '../../../shared/api/addresses';
import { AddressBadges, AddressLines } from '../../../shared/ui/address-lines';
import { AddressFormModal } from '../../../shared/ui/address-form-modal';

const TITLE_KEY: Record<AddressKind, string> = {
  delivery: 'breadcrumbs.shippingDetails',
  invoice: 'breadcrumbs.invoiceAddresses',
};

/**
 * 'Shipping Details' (delivery addresses) and the invoice addresses of the account menu: the
 * company's address books that checkout chooses from, managed outside a purchase.
 */
export function AddressBookPage({ kind }: { kind: AddressKind }) {
  const { t } = useTranslation();
  const me = useMe().data;
  const addresses = useAddresses(kind);
  const remove = useDeleteAddress(kind);
  // undefined: no dialog; null: a new address.
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);

  if (!me || !addresses.data) {
    return addresses.isError ? (
      <Text c="dimmed" ta="center">
        {t('errors.generic')}
      </Text>
    ) : (
      <PageLoader />
    );
  }

  const confirmDelete = (address: Address) =>
    modals.openConfirmModal({
      title: t('addresses.deleteTitle'),
      children: <Text size="sm">{t('addresses.deleteText', { name: address.company_name })}</Text>,
      labels: { confirm: t('addresses.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.9' },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(address._id, {
          onSuccess: () => notifySuccess(t('addresses.deleted')),
          onError: notifyError,
        }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2" c="brand.9">
          {t(TITLE_KEY[kind])}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
          {t(`addresses.add.${kind}`)}
        </Button>
      </Group>
      {addresses.data.length === 0 ? (
        <Text c="dimmed">{t(`addresses.none.${kind}`)}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {addresses.data.map((address) => (
            <Card key={address._id} withBorder radius="md" padding="md" component="li">
              <Stack gap="sm" h="100%" justify="space-between">
                <Stack gap={6}>
                  <Group gap={6}>
                    <AddressBadges address={address} size="sm" />
                  </Group>
                  <AddressLines address={address} />
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    aria-label={t('addresses.editNamed', { name: address.company_name })}
                    onClick={() => setEditing(address)}
                  >
                    {t(`addresses.edit.${kind}`)}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={t('addresses.deleteNamed', { name: address.company_name })}
                    onClick={() => confirmDelete(address)}
                  >
                    {t('addresses.delete')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {editing !== undefined && (
        <AddressFormModal
          kind={kind}
          address={editing}
          defaultCountry={me.company?.country ?? ''}
          onClose={() => setEditing(undefined)}
          onSaved={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}

export const ShippingDetailsPage = () => <AddressBookPage kind="delivery" />;
export const InvoiceAddressesPage = () => <AddressBookPage kind="invoice" />;
