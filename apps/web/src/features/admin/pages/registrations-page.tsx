import {
  Alert,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Registration } from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { countryName } from '../../../shared/format/country';
import { formatDate } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { PageLoader } from '../../../shared/ui/page-loader';
import {
  useDecideRegistration,
  useRegistrations,
  type RegistrationDecision,
} from '../api/registrations';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';

/** Back office: company registrations waiting for approval. */
export function RegistrationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const registrations = useRegistrations();
  const decide = useDecideRegistration();

  const run = (registration: Registration, decision: RegistrationDecision) => {
    decide.mutate(
      { companyId: registration.company._id, decision },
      {
        onSuccess: ({ message }) => notifications.show({ color: 'teal', message }),
        onError: (error) => {
          if (error instanceof ApiError && !error.isServerFailure) {
            notifications.show({ color: 'red', message: error.message });
          }
        },
      },
    );
  };

  const confirmReject = (registration: Registration) =>
    modals.openConfirmModal({
      title: t('registrations.confirmRejectTitle'),
      children: (
        <Text size="sm">
          {t('registrations.confirmRejectText', { company: registration.company.company })}
        </Text>
      ),
      labels: { confirm: t('registrations.reject'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.9' },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () => run(registration, 'reject'),
    });

  const busy = (registration: Registration) =>
    decide.isPending && decide.variables.companyId === registration.company._id;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('registrations.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('registrations.subtitle')}
        </Text>
      </div>

      {registrations.isPending && <PageLoader />}
      {registrations.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Group justify="space-between">
            <Text size="sm" c="#a61e1e">
              {t('registrations.loadError')}
            </Text>
            <Button size="xs" variant="default" onClick={() => void registrations.refetch()}>
              {t('registrations.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {registrations.data?.items.length === 0 && (
        <Card withBorder padding="xl" radius="md">
          <Text ta="center" c="dimmed">
            {t('registrations.empty')}
          </Text>
        </Card>
      )}
      {registrations.data && registrations.data.items.length > 0 && (
        <Card withBorder padding={0} radius="md">
          <ResponsiveTable
            minWidth={900}
            verticalSpacing="sm"
            horizontalSpacing="md"
            striped
            highlightOnHover
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('registrations.company')}</Table.Th>
                <Table.Th>{t('registrations.vatNumber')}</Table.Th>
                <Table.Th>{t('registrations.address')}</Table.Th>
                <Table.Th>{t('registrations.owner')}</Table.Th>
                <Table.Th>{t('registrations.registeredAt')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('registrations.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {registrations.data.items.map((registration) => {
                const { company, owner } = registration;
                return (
                  <Table.Tr key={company._id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {company.company}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('registrations.registerNumber')}: {company.company_register_number}
                      </Text>
                    </Table.Td>
                    <Table.Td>{company.vat_number}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {company.street} {company.house_number}
                      </Text>
                      <Text size="sm">
                        {company.postcode} {company.city}, {countryName(company.country, locale)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{owner.full_name}</Text>
                      <Text size="xs" c="dimmed">
                        {owner.email}
                      </Text>
                      {owner.phone && (
                        <Text size="xs" c="dimmed">
                          {owner.phone}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDate(company.created_at, locale)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          leftSection={<IconCheck size={14} aria-hidden />}
                          aria-label={t('registrations.approveLabel', {
                            company: company.company,
                          })}
                          loading={busy(registration) && decide.variables?.decision === 'approve'}
                          disabled={busy(registration)}
                          onClick={() => run(registration, 'approve')}
                        >
                          {t('registrations.approve')}
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          leftSection={<IconX size={14} aria-hidden />}
                          aria-label={t('registrations.rejectLabel', {
                            company: company.company,
                          })}
                          loading={busy(registration) && decide.variables?.decision === 'reject'}
                          disabled={busy(registration)}
                          onClick={() => confirmReject(registration)}
                        >
                          {t('registrations.reject')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ResponsiveTable>
        </Card>
      )}
    </Stack>
  );
}
