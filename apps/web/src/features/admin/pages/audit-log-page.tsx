import { Anchor, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { AUDIT_ENTITY_TYPES, type AuditEntry } from '@portal/contract';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useAuditLog, useStaffMembers } from '../api/staff';
import { UrlDateRange } from '../components/url-filters';
import { useUrlFilters } from '../hooks/use-url-filters';

/** Values as staff read them: `key: value` pairs, one per line. */
function Values({ values }: { values: AuditEntry['before'] }) {
  if (!values) return <>—</>;
  return (
    <Text size="xs" ff="monospace" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {Object.entries(values)
        .map(
          ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
        )
        .join('\n')}
    </Text>
  );
}

function EntityLink({ entry }: { entry: AuditEntry }) {
  const label = entry.entity_label ?? entry.entity_id;
  if (entry.entity_type !== 'order') return <>{label}</>;
  return (
    <Anchor component={LocaleLink} to={`/admin/orders/${entry.entity_id}`}>
      {label}
    </Anchor>
  );
}

/** Back office: what staff did, who and when, before and after; filters kept in the URL. */
export function AuditLogPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
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
                    <Values values={entry.before} />
                  </Table.Td>
                  <Table.Td>
                    <Values values={entry.after} />
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
