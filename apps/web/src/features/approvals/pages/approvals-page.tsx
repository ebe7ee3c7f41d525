import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_STATUSES, type ApprovalStatus, type Budget } from '@portal/contract';
import { formatDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { APPROVAL_NAMESPACES } from '../../../i18n/i18n';
import { useApprovals, useBudgets } from '../api/approvals';
import { ApprovalStatusBadge } from '../components/approval-status-badge';
import { BudgetModal } from '../components/budget-modal';

const FILTERS = ['pending', 'all', ...APPROVAL_STATUSES.filter((s) => s !== 'pending')] as const;

/**
 * /approvals: purchasers' spending limits (owners change them) and the orders waiting for, or
 * given, an owner's approval: the company's for owners and accountants, their own for purchasers.
 */
export function ApprovalsPage() {
  const { t } = useTranslation(APPROVAL_NAMESPACES);
  const locale = useLocale();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('pending');
  const [page, setPage] = useState(1);
  const approvals = useApprovals(filter === 'all' ? null : filter, page);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('approvals:title')}
        </Title>
        <Text c="gray.7" mt={4}>
          {t('approvals:intro')}
        </Text>
      </div>
      <Budgets />
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="requests-h">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={2} size="h4" id="requests-h">
              {t('approvals:requests')}
            </Title>
            <Select
              aria-label={t('approvals:filter')}
              value={filter}
              allowDeselect={false}
              w={200}
              onChange={(value) => {
                setFilter((value ?? 'pending') as (typeof FILTERS)[number]);
                setPage(1);
              }}
              data={FILTERS.map((value) => ({
                value,
                label: t(value === 'all' ? 'approvals:all' : `approvals:status.${value}`),
              }))}
            />
          </Group>
          <ListResult
            query={approvals}
            page={page}
            onPage={setPage}
            empty={t('approvals:empty')}
            minWidth={760}
          >
            {(items) => (
              <>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('approvals:requestedAt')}</Table.Th>
                    <Table.Th>{t('approvals:requester')}</Table.Th>
                    <Table.Th>{t('approvals:reasonHeading')}</Table.Th>
                    <Table.Th ta="right">{t('approvals:items')}</Table.Th>
                    <Table.Th ta="right">{t('approvals:total')}</Table.Th>
                    <Table.Th>{t('approvals:statusHeading')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={item._id}>
                      <Table.Td>
                        <Anchor component={LocaleLink} to={`/approvals/${item._id}`} fw={600}>
                          {formatDateTime(item.requested_at, locale)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{item.requester.full_name}</Table.Td>
                      <Table.Td>{t(`approvals:reason.${item.reason}`)}</Table.Td>
                      <Table.Td ta="right">{item.item_count}</Table.Td>
                      <Table.Td ta="right">{formatMoney(item.total, locale)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <ApprovalStatusBadge status={item.status as ApprovalStatus} />
                          {item.order && (
                            <Anchor
                              component={LocaleLink}
                              to={`/orders/${item.order._id}`}
                              size="sm"
                            >
                              {item.order.order_number}
                            </Anchor>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </>
            )}
          </ListResult>
        </Stack>
      </Card>
    </Stack>
  );
}

/** The purchasers' limits: every purchaser's for owners and accountants, one's own otherwise. */
function Budgets() {
  const { t } = useTranslation(APPROVAL_NAMESPACES);
  const locale = useLocale();
  const budgets = useBudgets();
  const [editing, setEditing] = useState<Budget | null>(null);
  const money = (value: number | null) =>
    value === null ? t('approvals:noLimit') : formatMoney(value, locale);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="budgets-h">
      <Title order={2} size="h4" id="budgets-h">
        {t('approvals:budgets')}
      </Title>
      <Text size="sm" c="gray.7" mt={4} mb="md">
        {t('approvals:budgetsIntro')}
      </Text>
      {budgets.isPending ? (
        <PageLoader />
      ) : budgets.isError ? (
        <Alert color="red" role="alert">
          {budgets.error.message}
        </Alert>
      ) : budgets.data.items.length === 0 ? (
        <Text c="gray.7">{t('approvals:noPurchasers')}</Text>
      ) : (
        <ResponsiveTable minWidth={760} label={t('approvals:budgets')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('approvals:purchaser')}</Table.Th>
              <Table.Th ta="right">{t('approvals:orderLimit')}</Table.Th>
              <Table.Th ta="right">{t('approvals:monthlyBudget')}</Table.Th>
              <Table.Th ta="right">{t('approvals:spent')}</Table.Th>
              <Table.Th ta="right">{t('approvals:remaining')}</Table.Th>
              <Table.Th ta="right">{t('approvals:pending')}</Table.Th>
              {budgets.data.can_manage && <Table.Th>{t('approvals:actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {budgets.data.items.map((budget) => (
              <Table.Tr key={budget.member._id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {budget.member.full_name}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {budget.member.email}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{money(budget.order_limit)}</Table.Td>
                <Table.Td ta="right">{money(budget.monthly_budget)}</Table.Td>
                <Table.Td ta="right">{formatMoney(budget.spent_this_month, locale)}</Table.Td>
                <Table.Td ta="right">{money(budget.budget_remaining)}</Table.Td>
                <Table.Td ta="right">{budget.pending_approvals}</Table.Td>
                {budgets.data.can_manage && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconEdit size={16} aria-hidden />}
                      onClick={() => setEditing(budget)}
                      aria-label={t('approvals:editLimitsOf', { name: budget.member.full_name })}
                    >
                      {t('approvals:editLimits')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {editing && <BudgetModal budget={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
