import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus } from '@portal/contract';
import { APPROVAL_NAMESPACES } from '../../../i18n/i18n';

const COLORS: Record<ApprovalStatus, string> = {
  pending: 'orange',
  approved: 'teal',
  declined: 'red',
  withdrawn: 'gray',
};

export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation(APPROVAL_NAMESPACES);
  return (
    <Badge variant="light" color={COLORS[status]} autoContrast>
      {t(`approvals:status.${status}`)}
    </Badge>
  );
}
