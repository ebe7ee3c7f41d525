import { Anchor, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_CLAIM_NAMESPACES } from '../../../i18n/i18n';
import { AUDIT_ENTITY_TYPES, type AuditEntry } from '@portal/contract';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useAuditLog, useStaffMembers } from '../api/staff';
import { UrlDateRange } from '../components/url-filters';
import { useUrlFilters } from '../hooks/use-url-filters';

/** One recorded value as a reader reads it: yes or no, lists joined, numbers for the locale. */
function useValueText() {
  const { t } = useTranslation(STAFF_CLAIM_NAMESPACES);
  const locale = useLocale();
  const text = (value: unknown): string => {
    if (value === null || value === undefined) return '—';
    if (typeof value === 'boolean') return t(value ? 'staff:audit.yes' : 'staff:audit.no');
    if (typeof value === 'number') return value.toLocaleString(locale);
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) {
      return value
        .map((item: unknown) =>
          item !== null &&
          typeof item === 'object' &&
          'sku' in item &&
          'quantity' in item &&
          typeof item.quantity === 'number'
            ? `${item.quantity.toLocaleString(locale)} × ${String(item.sku)}`
            : text(item),
        )
        .join(', ');
    }
    return JSON.stringify(value);
  };
  return text;
}

/** Where a status value of each kind is translated, by the entity it belongs to. */
function statusKey(entityType: AuditEntry['entity_type'], field: string, value: string) {
  if (field === 'payment_status') return `staff:paymentStatuses.${value}`;
  if (field === 'request_status') return `claims:requestStatuses.${value}`;
  if (field === 'item_status') return `claims:itemStatuses.${value}`;
  if (entityType === 'product' && field === 'reason') return `staff:stock.reasons.${value}`;
  if (entityType === 'product' && field === 'action') return `staff:catalog.bulkActions.${value}`;
  if (field !== 'status') return null;
  if (entityType === 'order') return `orders.statuses.${value}`;
  if (entityType === 'company') return `staff:customers.statuses.${value}`;
  if (entityType === 'member') return `staff:customers.memberStatuses.${value}`;
  return null;
}

/** Values as staff read them: one per line, named in the reader's language where known. */
function Values({
  values,
  entityType,
}: {
  values: AuditEntry['before'];
  entityType: AuditEntry['entity_type'];
}) {
  const { t } = useTranslation(STAFF_CLAIM_NAMESPACES);
  const text = useValueText();
  if (!values) return <>—</>;
  const shown = (key: string, value: unknown) => {
    const status = typeof value === 'string' ? statusKey(entityType, key, value) : null;
    return status ? t(status, { defaultValue: value }) : text(value);
  };
  return (
    <Stack gap={2}>
      {Object.entries(values).map(([key, value]) => (
        <Text key={key} size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" c="gray.7">
            {t(`staff:audit.fields.${key}`, { defaultValue: key })}:
          </Text>{' '}
          {shown(key, value)}
        </Text>
      ))}
    </Stack>
  );
}

function EntityLink({ entry }: { entry: AuditEntry }) {
  const label = entry.entity_label ?? entry.entity_id;
  const page =
    entry.entity_type === 'order'
      ? `/admin/orders/${entry.entity_id}`
      : entry.entity_type === 'product' && entry.action !== 'product.delete'
        ? `/admin/catalog/${entry.entity_id}`
        : null;
  if (!page) return <>{label}</>;
  return (
    <Anchor component={LocaleLink} to={page}>
      {label}
    </Anchor>
  );
}

/** Back office: what staff did, who and when, before and after; filters kept in the URL. */
export function AuditLogPage() {
  const { t } = useTranslation(STAFF_CLAIM_NAMESPACES);
  const locale = useLocale();
  const filters = useUrlFilters();
  const log = useAuditLog(filters.params);
  const staff = useStaffMembers();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('staff:audit.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('staff:audit.subtitle')}
        </Text>
      </div>
      <ListFilters>
        <Select
          label={t('staff:audit.staffMember')}
          value={filters.get('staff_user_id') || null}
          onChange={(value) => filters.set({ staff_user_id: value ?? '' })}
          data={(staff.data?.items ?? []).map((member) => ({
            value: member._id,
            label: member.full_name,
          }))}
          placeholder={t('staff:orders.any')}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          label={t('staff:audit.entity')}
          value={filters.get('entity_type') || null}
          onChange={(value) => filters.set({ entity_type: value ?? '' })}
          data={AUDIT_ENTITY_TYPES.map((value) => ({
            value,
            label: t(`staff:audit.entities.${value}`),
          }))}
          placeholder={t('staff:orders.any')}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <UrlDateRange filters={filters} />
      </ListFilters>
      <ListResult
        query={log}
        page={filters.page}
        onPage={filters.setPage}
        empty={t('staff:audit.empty')}
        minWidth={900}
      >
        {(entries) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff:audit.when')}</Table.Th>
                <Table.Th>{t('staff:audit.staffMember')}</Table.Th>
                <Table.Th>{t('staff:audit.action')}</Table.Th>
                <Table.Th>{t('staff:audit.entity')}</Table.Th>
                <Table.Th>{t('staff:audit.before')}</Table.Th>
                <Table.Th>{t('staff:audit.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry._id} data-audit-row>
                  <Table.Td>{formatDateTime(entry.created_at, locale)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.staff.full_name}</Text>
                    <Text size="xs" c="gray.7">
                      {entry.staff.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`staff:audit.actions.${entry.action}`)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="gray.7">
                      {t(`staff:audit.entities.${entry.entity_type}`)}
                    </Text>
                    <EntityLink entry={entry} />
                  </Table.Td>
                  <Table.Td>
                    <Values values={entry.before} entityType={entry.entity_type} />
                  </Table.Td>
                  <Table.Td>
                    <Values values={entry.after} entityType={entry.entity_type} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        )}
      </ListResult>
    </Stack>
  );
}
