import { ActionIcon, Button, Card, Group, Radio, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Address, AddressKind } from '@portal/contract';
import { countryName } from '../../../shared/format/country';
import { useLocale } from '../../../shared/locale/use-locale';
import { addressLine } from '../../../shared/forms/address-values';
import { AddressBadges } from '../../../shared/ui/address-lines';

/** One address book as a choice: pick one, edit one, or add a new one. */
export function AddressBook({
  kind,
  addresses,
  selectedId,
  onSelect,
  onEdit,
  onAdd,
}: {
  kind: AddressKind;
  addresses: Address[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onEdit: (address: Address) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();

  return (
    <Stack gap="sm">
      {addresses.length === 0 && (
        <Text size="sm" c="dimmed">
          {t(`addresses.none.${kind}`)}
        </Text>
      )}
      {addresses.length > 0 && (
        <Radio.Group
          value={selectedId}
          onChange={onSelect}
          label={t(`addresses.choose.${kind}`)}
          labelProps={{ style: { marginBottom: 8 } }}
        >
          <Stack gap="xs">
            {addresses.map((address) => (
              <Card key={address._id} withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Radio
                    value={address._id}
                    label={
                      <Group gap={6} component="span">
                        <Text component="span" fw={600} size="sm">
                          {address.company_name}
                        </Text>
                        <AddressBadges address={address} size="xs" />
                      </Group>
                    }
                    description={
                      <>
                        {addressLine(address, countryName(address.country, locale))}
                        {address.vat_number && (
                          <>
                            <br />
                            {t('addresses.fields.vat_number')}: {address.vat_number}
                          </>
                        )}
                      </>
                    }
                    styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray.8"
                    onClick={() => onEdit(address)}
                    aria-label={t('addresses.editNamed', { name: address.company_name })}
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {t(`addresses.add.${kind}`)}
        </Button>
      </Group>
    </Stack>
  );
}
