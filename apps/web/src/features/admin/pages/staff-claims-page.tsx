import { Anchor, Badge, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLAIM_KINDS, CLAIM_REQUEST_STATUSES } from '@portal/contract';
import { STAFF_CLAIM_NAMESPACES } from '../../../i18n/i18n';
import { formatDate } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useStaffClaims } from '../api/claims';
import { ClaimStatusBadge } from '../components/claim-badges';
import { UrlSelect } from '../components/url-filters';
import { useUrlFilters, useUrlSearch } from '../hooks/use-url-filters';

/** Back office: every company's returns and warranty claims, newest first; filters in the URL. */
export function StaffClaimsPage() {
  const { t } = useTranslation(STAFF_CLAIM_NAMESPACES);
  const locale = useLocale();
  const filters = useUrlFilters();
  const search = useUrlSearch(filters, 'search');
  const list = useStaffClaims(filters.params);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('staff:claims.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('staff:claims.subtitle')}
        </Text>
      </div>
      <ListFilters>
        <TextInput
          type="search"
          label={t('staff:orders.search')}
          placeholder={t('staff:claims.searchPlaceholder')}
          value={search.text}
          maxLength={50}
          onChange={(event) => search.setText(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <UrlSelect
          filters={filters}
          name="kind"
          label={t('staff:claims.kind')}
          data={CLAIM_KINDS.map((value) => ({ value, label: t(`staff:claims.kinds.${value}`) }))}
        />
        <UrlSelect
          filters={filters}
          name="status"
          label={t('claims:requestStatus')}
          data={CLAIM_REQUEST_STATUSES.map((value) => ({
            value,
            label: t(`claims:requestStatuses.${value}`),
          }))}
        />
      </ListFilters>
      <ListResult
        query={list}
        page={filters.page}
        onPage={filters.setPage}
        empty={t('staff:claims.empty')}
        minWidth={900}
      >
        {(claims) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('claims:number')}</Table.Th>
                <Table.Th>{t('staff:claims.kind')}</Table.Th>
                <Table.Th>{t('staff:orders.company')}</Table.Th>
                <Table.Th>{t('claims:date')}</Table.Th>
                <Table.Th>{t('claims:createdBy')}</Table.Th>
                <Table.Th>{t('claims:orderNumber')}</Table.Th>
                <Table.Th ta="right">{t('claims:itemsCount')}</Table.Th>
                <Table.Th ta="right" title={t('claims:attachments.title')}>
                  <IconPaperclip size={16} aria-hidden />
                  <VisuallyHidden>{t('claims:attachments.title')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('claims:requestStatus')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {claims.map((claim) => (
                <Table.Tr key={claim._id} data-claim-row>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={`/admin/claims/${claim._id}`} fw={600}>
                      {claim.claim_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color="gray.8" miw="max-content">
                      {t(`staff:claims.kinds.${claim.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{claim.company.name}</Table.Td>
                  <Table.Td>{formatDate(claim.created_at, locale)}</Table.Td>
                  <Table.Td>{claim.created_by}</Table.Td>
                  <Table.Td>{claim.order_numbers.join(', ')}</Table.Td>
                  <Table.Td ta="right">{claim.items.length}</Table.Td>
                  <Table.Td ta="right" data-attachments>
                    {claim.attachments.length > 0 ? claim.attachments.length : '—'}
                  </Table.Td>
                  <Table.Td>
                    <ClaimStatusBadge status={claim.request_status} />
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
