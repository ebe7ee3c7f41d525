import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import {
  can,
  CLAIM_REQUEST_STATUSES,
  type ClaimKind,
  type ClaimRequestStatus,
  type ClaimSummary,
  type EligibilityOutcome,
} from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { formatDate } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import {
  ListFilters,
  SearchFilter,
  StatusFilter,
  useListState,
} from '../../../shared/ui/list-filters';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useClaimList } from '../api/claims';
import { KIND_PATH } from '../claim-kinds';
import { EligibilityBadge, RequestStatusBadge } from '../components/claim-badges';

/** How many items share each eligibility outcome, in the order they first appear. */
function eligibilityCounts(claim: ClaimSummary): [EligibilityOutcome, number][] {
  const counts = new Map<EligibilityOutcome, number>();
  for (const item of claim.items)
    counts.set(item.eligibility, (counts.get(item.eligibility) ?? 0) + 1);
  return [...counts];
}

/** `/returns` and `/warranty`: the company's claims of one kind, with status and search. */
function ClaimsPage({ kind }: { kind: ClaimKind }) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const locale = useLocale();
  const role = useMe().data?.role;
  const { page, setPage, search, setSearch, debouncedSearch, resetting } = useListState();
  const [status, setStatus] = useState<ClaimRequestStatus | ''>('');
  const list = useClaimList(kind, { page, search: debouncedSearch, status });
  const base = KIND_PATH[kind];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2" c="brand.9">
          {t(`claims:${kind}.title`)}
        </Title>
        {role && can(role, 'claims.file') && (
          <Button
            component={LocaleLink}
            to={`${base}/new`}
            leftSection={<IconPlus size={16} aria-hidden />}
            // A long label ('Nouvelle demande de garantie') wraps on a phone instead of being cut.
            maw="100%"
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
          >
            {t(`claims:${kind}.new`)}
          </Button>
        )}
      </Group>
      <ListFilters>
        <SearchFilter
          label={t('claims:search')}
          value={search}
          maxLength={50}
          width={260}
          onChange={setSearch}
        />
        <StatusFilter
          label={t('claims:requestStatus')}
          placeholder={t('claims:allStatuses')}
          statuses={CLAIM_REQUEST_STATUSES}
          labelOf={(value) => t(`claims:requestStatuses.${value}`)}
          value={status}
          onChange={resetting(setStatus)}
        />
      </ListFilters>
      <ListResult
        query={list}
        page={page}
        onPage={setPage}
        empty={t(`claims:${kind}.empty`)}
        minWidth={860}
      >
        {(claims) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('claims:number')}</Table.Th>
                <Table.Th>{t('claims:date')}</Table.Th>
                <Table.Th>{t('claims:orderNumber')}</Table.Th>
                <Table.Th>{t('claims:requestStatus')}</Table.Th>
                <Table.Th ta="right">{t('claims:itemsCount')}</Table.Th>
                <Table.Th>{t('claims:eligibilityTitle')}</Table.Th>
                <Table.Th>{t('claims:tracking')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {claims.map((claim) => (
                <Table.Tr key={claim._id} data-claim-row>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={`${base}/${claim._id}`} fw={600}>
                      {claim.claim_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(claim.created_at, locale)}</Table.Td>
                  <Table.Td>{claim.order_numbers.join(', ')}</Table.Td>
                  <Table.Td>
                    <RequestStatusBadge status={claim.request_status} />
                  </Table.Td>
                  <Table.Td ta="right">{claim.items.length}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {eligibilityCounts(claim).map(([outcome, count]) => (
                        <EligibilityBadge key={outcome} outcome={outcome} count={count} />
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {claim.tracking_codes.length ? (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {claim.tracking_codes.join(', ')}
                      </Text>
                    ) : (
                      '—'
                    )}
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

export const ReturnsPage = () => <ClaimsPage kind="return" />;
export const WarrantyPage = () => <ClaimsPage kind="warranty" />;
