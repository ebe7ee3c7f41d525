import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus } from '@portal/contract';
import { APPROVAL_NAMESPACES } from '../../../i18n/i18n';

/** Filled, like the order statuses: dark shades with white text, waiting in light yellow. */
const COLORS: Record<ApprovalStatus, string> = {
  pending: 'yellow.5',
  approved: 'teal.9',
  declined: 'red.9',
  withdrawn: 'gray.7',
};

export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation(APPROVAL_NAMESPACES);
  return (
    <Badge variant="filled" color={COLORS[status]} autoContrast miw="max-content">
      {t(`approvals:status.${status}`)}
    </Badge>
  );
}
