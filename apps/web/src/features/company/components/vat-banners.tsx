import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can, type Me } from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { useLocalizePath } from '../../../shared/locale/use-locale';
import { useCheckVatNumber, type VatTarget } from '../api/vat-check';

interface InactiveNumber {
  key: string;
  target: VatTarget;
  text: string;
  /** Where the number is corrected; null when this role cannot change it. */
  updatePath: string | null;
}

/**
 * SPEC sections 4 and 8: a banner for the company's VAT number and for each invoice entity's,
 * while it is inactive (purchases are blocked). Recheck asks the register again, refreshes the
 * user and says 'updated successfully'; update leads to where the number is changed.
 */
export function VatBanners({ user }: { user: Me }) {
  const { t } = useTranslation();
  const numbers: InactiveNumber[] = [];
  if (user.company?.vat_number_unactive_at) {
    numbers.push({
      key: 'company',
      target: { kind: 'company' },
      text: t('vat.companyInactive', { vat_number: user.company.vat_number }),
      updatePath: can(user.role, 'company.edit') ? '/company-details' : null,
    });
  }
  for (const invoice of user.invoices) {
    if (!invoice.vat_number_unactive_at) continue;
    numbers.push({
      key: invoice._id,
      target: { kind: 'invoice', invoiceId: invoice._id },
      text: t('vat.invoiceInactive', {
        vat_number: invoice.vat_number ?? '',
        company: invoice.company_name,
      }),
      // Invoice entities are kept in the address book of the checkout.
      updatePath: can(user.role, 'cart.use') ? '/checkout/delivery' : null,
    });
  }
  if (numbers.length === 0) return null;
  return (
    <Stack gap="sm" mb="md">
      {numbers.map((number) => (
        <VatBanner key={number.key} number={number} />
      ))}
    </Stack>
  );
}

function VatBanner({ number }: { number: InactiveNumber }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const recheck = useCheckVatNumber();

  const runRecheck = () =>
    recheck.mutate(number.target, {
      onSuccess: ({ message, outcome }) =>
        notifications.show({ color: outcome === 'unavailable' ? 'orange' : 'teal', message }),
      onError: (error) => {
        if (error instanceof ApiError && !error.isServerFailure) {
          notifications.show({ color: 'red', message: error.message });
        }
      },
    });

  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
      styles={{ message: { color: '#6b2c00' } }}
    >
      <Text size="sm" fw={500}>
        {number.text}
      </Text>
      <Group gap="sm" mt="sm">
        {number.updatePath && (
          <Button
            size="xs"
            onClick={() => number.updatePath && void navigate(localize(number.updatePath))}
          >
            {t('vat.update')}
          </Button>
        )}
        <Button size="xs" variant="default" loading={recheck.isPending} onClick={runRecheck}>
          {t('vat.recheck')}
        </Button>
      </Group>
    </Alert>
  );
}
