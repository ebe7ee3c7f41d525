import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconBan,
  IconCheck,
  IconKey,
  IconLockOpen,
  IconPencil,
  IconShieldCheck,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  blockRequestSchema,
  can,
  type StaffCompany,
  type StaffMemberRow,
  type StaffVatCheckResponse,
  type VatCheckOutcome,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { ApiError } from '../../../shared/api/client';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { countryName } from '../../../shared/format/country';
import { formatDate, formatDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { Fact } from '../../../shared/ui/fact';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { OrderStatusBadge } from '../../../shared/ui/order-status-badge';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { useCompany, useCustomerAction, type CustomerAction } from '../api/customers';
import { usePriceLists, useSetCompanyPriceList } from '../api/price-lists';
import { useMe } from '../../../shared/auth/me';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { CompanyEditDialog } from '../components/company-edit-dialog';
import { CompanyStatusBadge, MemberStatusBadge } from '../components/company-status-badge';

/** Runs an action with a toast for its outcome (server failures toast themselves). */
function useRun(company: StaffCompany) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const action = useCustomerAction(company._id);
  const run = (what: CustomerAction, done: string, after?: () => void) =>
    action.mutate(what, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t(done, { company: company.name }) });
        after?.();
      },
      onError: (error) => {
        if (error instanceof ApiError && !error.isServerFailure) {
          notifications.show({ color: 'red', message: error.message });
        }
      },
    });
  return { action, run };
}

/** Back office: one customer company, its members and latest orders, and what staff may do. */
export function CustomerPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const { id = '' } = useParams();
  const company = useCompany(id);

  if (company.isError) {
    return (
      <Alert color="red" role="alert">
        {company.error.message}
      </Alert>
    );
  }
  if (!company.data) return <PageLoader />;
  const data = company.data;

  return (
    <Stack gap="lg">
      <Anchor component={LocaleLink} to="/admin/customers" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('staff:customers.backToList')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="center">
          <Title order={1} size="h2" c="brand.9">
            {data.name}
          </Title>
          <CompanyStatusBadge status={data.status} />
        </Group>
        <CompanyActions company={data} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('staff:customers.profile')}
          </Title>
          <Stack gap={8}>
            <Fact label={t('staff:customers.registerNumber')}>{data.company_register_number}</Fact>
            <Fact label={t('staff:order.vatNumber')}>{data.vat_number}</Fact>
            <Fact label={t('staff:customers.vatVerifiedAt')}>
              {data.vat_verified_at ? formatDateTime(data.vat_verified_at, locale) : '—'}
            </Fact>
            {data.vat_number_unactive_at && (
              <Fact label={t('staff:customers.vatInactiveSince')}>
                {formatDateTime(data.vat_number_unactive_at, locale)}
              </Fact>
            )}
            <Fact label={t('staff:customers.address')}>
              {data.street} {data.house_number}, {data.postcode} {data.city},{' '}
              {countryName(data.country, locale)}
            </Fact>
            <Fact label={t('staff:customers.registeredAt')}>
              {formatDateTime(data.registered_at, locale)}
            </Fact>
            {data.reviewed_at && (
              <Fact label={t('staff:customers.reviewedAt')}>
                {formatDateTime(data.reviewed_at, locale)}
              </Fact>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('staff:customers.xmlFeed')}
          </Title>
          <XmlFeedSwitch company={data} />
          <Title order={2} size="h4" mt="lg" mb="sm">
            {t('staff:priceLists.ofCompany')}
          </Title>
          <CompanyPriceListChoice company={data} />
          <Title order={2} size="h4" mt="lg" mb="sm">
            {t('staff:orders.title')}
          </Title>
          <Stack gap={8}>
            <Fact label={t('staff:customers.orderCount')}>
              {data.orders.toLocaleString(locale)}
            </Fact>
            {data.latest_orders.map((order) => (
              <Group key={order._id} justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={LocaleLink} to={`/admin/orders/${order._id}`} size="sm">
                  {order.order_number}
                </Anchor>
                <Text size="sm" c="gray.7">
                  {formatDate(order.date, locale)}
                </Text>
                <OrderStatusBadge status={order.status} />
                <Text size="sm" fw={600}>
                  {formatMoney(order.order_value, locale)}
                </Text>
              </Group>
            ))}
            {data.orders > 0 && (
              <Anchor
                component={LocaleLink}
                to={`/admin/orders?${new URLSearchParams({ q: data.name }).toString()}`}
                size="sm"
              >
                {t('staff:customers.allOrders')}
              </Anchor>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Members company={data} />
    </Stack>
  );
}

const VAT_CHECK_MESSAGES = {
  active: 'staff:customers.vatCheckActive',
  inactive: 'staff:customers.vatCheckInactive',
  unavailable: 'staff:customers.vatCheckUnavailable',
} as const satisfies Record<VatCheckOutcome, string>;

function CompanyActions({ company }: { company: StaffCompany }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const { action, run } = useRun(company);
  const [blocking, setBlocking] = useState(false);
  const [editing, setEditing] = useState(false);
  const confirm = (title: string, text: string, what: CustomerAction, done: string, red = false) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: title, cancel: t('common.cancel') },
      confirmProps: red ? { color: 'red.9' } : {},
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () => run(what, done),
    });
  const name = company.name;
  const checkVat = () =>
    action.mutate(
      { kind: 'vat_check' },
      {
        onSuccess: (answer) => {
          const { outcome } = answer as StaffVatCheckResponse;
          notifications.show({
            color: outcome === 'active' ? 'teal' : outcome === 'inactive' ? 'red' : 'yellow',
            message: t(VAT_CHECK_MESSAGES[outcome], { company: name }),
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && !error.isServerFailure) {
            notifications.show({ color: 'red', message: error.message });
          }
        },
      },
    );
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconPencil size={18} aria-hidden />}
        onClick={() => setEditing(true)}
      >
        {t('staff:customers.edit')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconShieldCheck size={18} aria-hidden />}
        loading={action.isPending && action.variables?.kind === 'vat_check'}
        onClick={checkVat}
      >
        {t('staff:customers.checkVat')}
      </Button>
      {editing && <CompanyEditDialog company={company} onClose={() => setEditing(false)} />}
      {company.status === 'pending' && (
        <>
          <Button
            leftSection={<IconCheck size={18} aria-hidden />}
            loading={action.isPending}
            onClick={() =>
              confirm(
                t('staff:customers.approve'),
                t('staff:customers.confirmApprove', { company: name }),
                { kind: 'approve' },
                'staff:customers.approved',
              )
            }
          >
            {t('staff:customers.approve')}
          </Button>
          <Button
            variant="outline"
            color="red.9"
            leftSection={<IconX size={18} aria-hidden />}
            loading={action.isPending}
            onClick={() =>
              confirm(
                t('staff:customers.reject'),
                t('staff:customers.confirmReject', { company: name }),
                { kind: 'reject' },
                'staff:customers.rejected',
                true,
              )
            }
          >
            {t('staff:customers.reject')}
          </Button>
        </>
      )}
      {company.status === 'active' && (
        <Button
          variant="outline"
          color="red.9"
          leftSection={<IconBan size={18} aria-hidden />}
          onClick={() => setBlocking(true)}
        >
          {t('staff:customers.block')}
        </Button>
      )}
      {company.status === 'blocked' && (
        <Button
          leftSection={<IconLockOpen size={18} aria-hidden />}
          loading={action.isPending}
          onClick={() =>
            confirm(
              t('staff:customers.unblock'),
              t('staff:customers.confirmUnblock', { company: name }),
              { kind: 'unblock' },
              'staff:customers.unblocked',
            )
          }
        >
          {t('staff:customers.unblock')}
        </Button>
      )}
      <ReasonDialog
        opened={blocking}
        title={t('staff:customers.blockTitle', { name })}
        text={t('staff:customers.blockText')}
        companyId={company._id}
        toAction={(reason) => ({ kind: 'block', reason })}
        done={t('staff:customers.blocked', { company: name })}
        onClose={() => setBlocking(false)}
      />
    </Group>
  );
}

/** Asks why before blocking a company or a member; the reason goes to the audit log. */
function ReasonDialog({
  opened,
  title,
  text,
  companyId,
  toAction,
  done,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  companyId: string;
  toAction: (reason: string) => CustomerAction;
  done: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const action = useCustomerAction(companyId);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { reason: '' },
    validate: (values) => zodFieldErrors(blockRequestSchema, values, t),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = ({ reason }: { reason: string }) =>
    action.mutate(toAction(reason), {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: done });
        close();
      },
      onError: (error) => {
        const message = applyServerError(error, ['reason'], form.setErrors);
        if (message) form.setFieldError('reason', message);
      },
    });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">{text}</Text>
          <Textarea
            label={t('staff:customers.reason')}
            description={t('staff:customers.reasonHint')}
            required
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={action.isPending}>
              {t('staff:customers.block')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The company's price list: chosen by admins, named for operators. */
function CompanyPriceListChoice({ company }: { company: StaffCompany }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const me = useMe().data;
  if (can(me?.role, 'price_lists.manage')) return <CompanyPriceList company={company} />;
  return <Text size="sm">{company.price_list?.name ?? t('staff:priceLists.catalogPrices')}</Text>;
}

/** The price list the company's buyers get: one of the lists, or catalog prices. */
function CompanyPriceList({ company }: { company: StaffCompany }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const lists = usePriceLists('', 1);
  const assign = useSetCompanyPriceList(company._id);
  const current = company.price_list;
  const options = [
    { value: '', label: t('staff:priceLists.catalogPrices') },
    ...(current ? [{ value: current._id, label: current.name }] : []),
    ...(lists.data?.items ?? [])
      .filter((list) => list._id !== current?._id)
      .map((list) => ({ value: list._id, label: list.name })),
  ];
  return (
    <Stack gap={6}>
      <Select
        label={t('staff:priceLists.ofCompany')}
        data={options}
        value={current?._id ?? ''}
        allowDeselect={false}
        searchable
        disabled={assign.isPending}
        onChange={(value) =>
          assign.mutate(
            { price_list_id: value || null },
            {
              onSuccess: (answer) =>
                notifySuccess(
                  answer.price_list
                    ? t('staff:priceLists.assigned', { name: answer.price_list.name })
                    : t('staff:priceLists.unassigned'),
                ),
              onError: notifyError,
            },
          )
        }
      />
      {current && (
        <Anchor component={LocaleLink} to={`/admin/price-lists/${current._id}`} size="sm">
          {t('staff:priceLists.open', { name: current.name })}
        </Anchor>
      )}
    </Stack>
  );
}

function XmlFeedSwitch({ company }: { company: StaffCompany }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const { action, run } = useRun(company);
  return (
    <Stack gap={6}>
      <Switch
        checked={company.xml_feed}
        disabled={action.isPending}
        label={t('staff:customers.xmlFeedSwitch')}
        onChange={(event) =>
          run(
            { kind: 'xml_feed', active: event.currentTarget.checked },
            event.currentTarget.checked
              ? 'staff:customers.xmlFeedOn'
              : 'staff:customers.xmlFeedOff',
          )
        }
      />
      <Text size="xs" c="gray.7">
        {t('staff:customers.xmlFeedHint')}
      </Text>
    </Stack>
  );
}

function Members({ company }: { company: StaffCompany }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const { action, run } = useRun(company);
  const [blocking, setBlocking] = useState<StaffMemberRow | null>(null);
  const confirmReset = (member: StaffMemberRow) =>
    modals.openConfirmModal({
      title: t('staff:customers.sendReset'),
      children: <Text size="sm">{t('staff:customers.confirmReset', { email: member.email })}</Text>,
      labels: { confirm: t('staff:customers.sendReset'), cancel: t('common.cancel') },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        run({ kind: 'password_reset', userId: member._id }, 'staff:customers.resetSent'),
    });
  return (
    <Card withBorder radius="md" padding={0}>
      <Title order={2} size="h4" p="md" pb={0}>
        {t('staff:customers.members')}
      </Title>
      <ResponsiveTable minWidth={820} label={t('staff:customers.members')} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff:order.name')}</Table.Th>
            <Table.Th>{t('staff:customers.role')}</Table.Th>
            <Table.Th>{t('orders.status')}</Table.Th>
            <Table.Th>{t('staff:customers.lastSignIn')}</Table.Th>
            <Table.Th>{t('staff:audit.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {company.member_list.map((member) => (
            <Table.Tr key={member._id} data-member-row>
              <Table.Td>
                <Text size="sm">{member.full_name}</Text>
                <Text size="xs" c="gray.7">
                  {member.email}
                </Text>
              </Table.Td>
              <Table.Td>{t(`roles.${member.role}`)}</Table.Td>
              <Table.Td>
                <MemberStatusBadge status={member.status} />
              </Table.Td>
              <Table.Td>
                {member.last_sign_in_at
                  ? formatDateTime(member.last_sign_in_at, locale)
                  : t('staff:customers.never')}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {member.status === 'active' && (
                    <>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconKey size={14} aria-hidden />}
                        aria-label={t('staff:customers.sendResetTo', { name: member.full_name })}
                        onClick={() => confirmReset(member)}
                      >
                        {t('staff:customers.sendReset')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        leftSection={<IconBan size={14} aria-hidden />}
                        aria-label={t('staff:customers.blockMember', { name: member.full_name })}
                        onClick={() => setBlocking(member)}
                      >
                        {t('staff:customers.block')}
                      </Button>
                    </>
                  )}
                  {member.status === 'blocked' && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconLockOpen size={14} aria-hidden />}
                      loading={action.isPending}
                      aria-label={t('staff:customers.unblockMember', { name: member.full_name })}
                      onClick={() =>
                        run(
                          { kind: 'unblock_member', userId: member._id },
                          'staff:customers.memberUnblocked',
                        )
                      }
                    >
                      {t('staff:customers.unblock')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <ReasonDialog
        opened={blocking !== null}
        title={t('staff:customers.blockTitle', { name: blocking?.full_name ?? '' })}
        text={t('staff:customers.blockMemberText')}
        companyId={company._id}
        toAction={(reason) => ({ kind: 'block_member', userId: blocking?._id ?? '', reason })}
        done={t('staff:customers.memberBlocked', { name: blocking?.full_name ?? '' })}
        onClose={() => setBlocking(null)}
      />
    </Card>
  );
}
