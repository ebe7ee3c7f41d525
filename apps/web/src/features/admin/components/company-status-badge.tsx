import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanyStatus, UserStatus } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';

/** Filled badges, dark shades under white text; pending is light yellow under dark text. */
const COMPANY_COLORS: Record<CompanyStatus, string> = {
  pending: 'yellow.5',
  active: 'teal.9',
  rejected: 'gray.7',
  blocked: 'red.9',
};

export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Badge color={COMPANY_COLORS[status]} variant="filled" autoContrast miw="max-content">
      {t(`staff:customers.statuses.${status}`)}
    </Badge>
  );
}

const MEMBER_COLORS: Record<UserStatus, string> = {
  pending: 'yellow.5',
  active: 'teal.9',
  inactive: 'gray.7',
  deleted: 'gray.7',
  blocked: 'red.9',
};

export function MemberStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Badge color={MEMBER_COLORS[status]} variant="filled" autoContrast miw="max-content">
      {t(`staff:customers.memberStatuses.${status}`)}
    </Badge>
  );
}
