import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  isClaimable,
  type ClaimItemStatus,
  type ClaimRequestStatus,
  type EligibilityOutcome,
} from '@portal/contract';

/** Filled badges with dark shades: white text keeps its contrast on each. */
const REQUEST_COLORS: Record<ClaimRequestStatus, string> = {
  draft: 'yellow.9',
  approved: 'teal.9',
  closed: 'gray.7',
};

const ITEM_COLORS: Record<ClaimItemStatus, string> = {
  pending: 'yellow.9',
  processing: 'blue.9',
  completed: 'teal.9',
  failed: 'red.9',
};

export function RequestStatusBadge({ status }: { status: ClaimRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={REQUEST_COLORS[status]} variant="filled">
      {t(`claims.requestStatuses.${status}`)}
    </Badge>
  );
}

export function ItemStatusBadge({ status }: { status: ClaimItemStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={ITEM_COLORS[status]} variant="filled">
      {t(`claims.itemStatuses.${status}`)}
    </Badge>
  );
}

/** The server's eligibility verdict: green when it may be filed, grey when unknown, red when not. */
export function EligibilityBadge({
  outcome,
  count,
}: {
  outcome: EligibilityOutcome;
  count?: number;
}) {
  const { t } = useTranslation();
  const color = outcome === 'unknown' ? 'gray.7' : isClaimable(outcome) ? 'teal.9' : 'red.9';
  return (
    <Badge
      color={color}
      variant="filled"
      tt="none"
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {count && count > 1 ? `${count} × ` : ''}
      {t(`claims.eligibility.${outcome}`)}
    </Badge>
  );
}
