import { Anchor, Badge, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPANY_STATUSES } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { countryName, countryOptions } from '../../../shared/format/country';
import { formatDate } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useCompanies } from '../api/customers';
import { CompanyStatusBadge } from '../components/company-status-badge';
import { UrlSelect } from '../components/url-filters';
import { useUrlFilters, useUrlSearch } from '../hooks/use-url-filters';

/**
 * Back office: every customer company, by name or VAT number, status (pending registrations
 * included), country and VAT number state; the filters are the URL.
 */
export function CustomersPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const filters = useUrlFilters();
  const search = useUrlSearch(filters);
  const list = useCompanies(filters.params);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('staff:customers.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('staff:customers.subtitle')}
        </Text>
      </div>
      <ListFilters>
        <TextInput
          type="search"
          label={t('staff:orders.search')}
          placeholder={t('staff:customers.searchPlaceholder')}
          value={search.text}
          maxLength={100}
          onChange={(event) => search.setText(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <UrlSelect
          filters={filters}
          name="status"
          label={t('orders.status')}
          data={COMPANY_STATUSES.map((value) => ({
            value,
            label: t(`staff:customers.statuses.${value}`),
          }))}
        />
        <UrlSelect
          filters={filters}
          name="country"
          label={t('staff:orders.country')}
          data={countryOptions(locale)}
        />
        <UrlSelect
          filters={filters}
          name="vat"
          label={t('staff:customers.vatState')}
          data={[
            { value: 'active', label: t('staff:customers.vatActive') },
            { value: 'inactive', label: t('staff:customers.vatInactive') },
          ]}
        />
      </ListFilters>
      <ListResult
        query={list}
        page={filters.page}
        onPage={filters.setPage}
        empty={t('staff:customers.empty')}
        minWidth={880}
      >
        {(companies) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff:orders.company')}</Table.Th>
                <Table.Th>{t('staff:order.vatNumber')}</Table.Th>
                <Table.Th>{t('staff:orders.country')}</Table.Th>
                <Table.Th>{t('orders.status')}</Table.Th>
                <Table.Th ta="right">{t('staff:customers.members')}</Table.Th>
                <Table.Th ta="right">{t('staff:orders.title')}</Table.Th>
                <Table.Th>{t('staff:customers.xmlFeed')}</Table.Th>
                <Table.Th>{t('staff:customers.registeredAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {companies.map((company) => (
                <Table.Tr key={company._id} data-company-row>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={`/admin/customers/${company._id}`} fw={600}>
                      {company.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{company.vat_number}</Text>
                    {!company.vat_active && (
                      <Badge size="xs" variant="outline" color="red.9">
                        {t('staff:customers.vatInactive')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {company.city}, {countryName(company.country, locale)}
                  </Table.Td>
                  <Table.Td>
                    <CompanyStatusBadge status={company.status} />
                  </Table.Td>
                  <Table.Td ta="right">{company.members.toLocaleString(locale)}</Table.Td>
                  <Table.Td ta="right">{company.orders.toLocaleString(locale)}</Table.Td>
                  <Table.Td>
                    {company.xml_feed ? t('staff:customers.on') : t('staff:customers.off')}
                  </Table.Td>
                  <Table.Td>{formatDate(company.registered_at, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        )}
      </ListResult>
    </Stack>
  );
}
