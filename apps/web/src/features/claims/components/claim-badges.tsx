import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import {
  isClaimable,
  type ClaimItemStatus,
  type ClaimRequestStatus,
  type EligibilityOutcome,
} from '@portal/contract';

/** Filled badges with dark shades: white text keeps its contrast on each (yellow would not). */
/** Long labels ("Product not found in order") wrap in narrow cells instead of being cut. */
const wrapping = {
  root: { height: 'auto', paddingBlock: 2, maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
} as const;

const REQUEST_COLORS: Record<ClaimRequestStatus, string> = {
  draft: 'indigo.9',
  approved: 'teal.9',
  closed: 'gray.7',
};

const ITEM_COLORS: Record<ClaimItemStatus, string> = {
  pending: 'grape.9',
  processing: 'blue.9',
  completed: 'teal.9',
  failed: 'red.9',
};

export function RequestStatusBadge({ status }: { status: ClaimRequestStatus }) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  return (
    <Badge color={REQUEST_COLORS[status]} variant="filled" styles={wrapping}>
      {t(`claims:requestStatuses.${status}`)}
    </Badge>
  );
}

export function ItemStatusBadge({ status }: { status: ClaimItemStatus }) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  return (
    <Badge color={ITEM_COLORS[status]} variant="filled" styles={wrapping}>
      {t(`claims:itemStatuses.${status}`)}
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
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const color = outcome === 'unknown' ? 'gray.7' : isClaimable(outcome) ? 'teal.9' : 'red.9';
  return (
    <Badge color={color} variant="filled" tt="none" styles={wrapping}>
      {count && count > 1 ? `${count} × ` : ''}
      {t(`claims:eligibility.${outcome}`)}
    </Badge>
  );
}
