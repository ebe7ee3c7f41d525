import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import type { ClaimItemStatus, ClaimRequestStatus } from '@portal/contract';

const REQUEST_COLORS: Record<ClaimRequestStatus, string> = {
  draft: 'yellow.5',
  approved: 'blue.9',
  closed: 'gray.7',
};

/** A claim's status: filled, dark shades under white text, draft light under dark text. */
export function ClaimStatusBadge({ status }: { status: ClaimRequestStatus }) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  return (
    <Badge color={REQUEST_COLORS[status]} variant="filled" autoContrast miw="max-content">
      {t(`claims:requestStatuses.${status}`)}
    </Badge>
  );
}

const ITEM_COLORS: Record<ClaimItemStatus, string> = {
  pending: 'yellow.5',
  processing: 'blue.9',
  completed: 'teal.9',
  failed: 'red.9',
};

export function ClaimItemStatusBadge({ status }: { status: ClaimItemStatus }) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  return (
    <Badge color={ITEM_COLORS[status]} variant="filled" autoContrast miw="max-content">
      {t(`claims:itemStatuses.${status}`)}
    </Badge>
  );
}
