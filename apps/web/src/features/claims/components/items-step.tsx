import {
  Alert,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import {
  CLAIM_DEMAND_ACTIONS,
  CLAIM_LIMITS,
  CLAIM_REASONS,
  isClaimable,
  type ClaimDemandAction,
  type ClaimOrderLine,
  type ClaimOrderResponse,
  type ClaimReason,
} from '@portal/contract';
import { formatDate } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import type { LineDraft } from '../claim-form';
import { EligibilityBadge } from './claim-badges';

export type LineMessages = Record<string, Partial<Record<keyof LineDraft, string>>>;

interface ItemsStepProps {
  order: ClaimOrderResponse;
  drafts: Record<string, LineDraft>;
  onDraft: (sku: string, change: Partial<LineDraft>) => void;
  errors: LineMessages;
  message: string | null;
  comment: string;
  onComment: (value: string) => void;
  commentError?: string;
}

function LineCard({
  line,
  draft,
  onDraft,
  errors,
}: {
  line: ClaimOrderLine;
  draft: LineDraft;
  onDraft: (change: Partial<LineDraft>) => void;
  errors: Partial<Record<keyof LineDraft, string>>;
}) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const locale = useLocale();
  const claimable = isClaimable(line.eligibility) && line.quantity_claimable > 0;
  const until = [
    `${t('claims:returnUntil')}: ${formatDate(line.return_until, locale)}`,
    `${t('claims:warrantyUntil')}: ${line.warranty_until ? formatDate(line.warranty_until, locale) : t('claims:eligibility.unknown')}`,
  ].join(' · ');

  return (
    <Card withBorder radius="md" padding="md" data-claim-line={line.sku}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Checkbox
            label={`${line.sku} · ${line.title}`}
            description={t('claims:lineQuantities', {
              bought: String(line.quantity),
              claimed: String(line.quantity_claimed),
              claimable: String(line.quantity_claimable),
            })}
            checked={draft.selected}
            disabled={!claimable}
            onChange={(event) => onDraft({ selected: event.currentTarget.checked })}
            style={{ flex: '1 1 240px' }}
          />
          <EligibilityBadge outcome={line.eligibility} />
        </Group>
        <Text size="xs" c="gray.7">
          {until}
        </Text>
        {draft.selected && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label={t('claims:quantity')}
              description={t('claims:atMost', { max: String(line.quantity_claimable) })}
              value={draft.quantity}
              onChange={(value) => onDraft({ quantity: typeof value === 'number' ? value : '' })}
              min={1}
              max={CLAIM_LIMITS.maxQuantity}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              error={errors.quantity}
              required
            />
            <NativeSelect
              label={t('claims:reason')}
              value={draft.reason}
              onChange={(event) =>
                onDraft({ reason: event.currentTarget.value as ClaimReason | '' })
              }
              data={[
                { value: '', label: t('claims:choose') },
                ...CLAIM_REASONS.map((value) => ({ value, label: t(`claims:reasons.${value}`) })),
              ]}
              error={errors.reason}
              required
            />
            <NativeSelect
              label={t('claims:demandAction')}
              value={draft.demand_action}
              onChange={(event) =>
                onDraft({ demand_action: event.currentTarget.value as ClaimDemandAction | '' })
              }
              data={[
                { value: '', label: t('claims:choose') },
                ...CLAIM_DEMAND_ACTIONS.map((value) => ({
                  value,
                  label: t(`claims:actions.${value}`),
                })),
              ]}
              error={errors.demand_action}
              required
            />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/** Step 2: the order's lines; the chosen ones get a quantity, a reason and a demand action. */
export function ItemsStep(props: ItemsStepProps) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const locale = useLocale();
  const { order } = props;
  return (
    <Stack gap="md">
      {order.order && (
        <Text size="sm">
          {t('claims:orderFacts', {
            number: order.order.order_number,
            date: formatDate(order.order.date, locale),
            delivered: order.order.delivered_at
              ? formatDate(order.order.delivered_at, locale)
              : '—',
          })}
        </Text>
      )}
      {props.message && (
        <Alert color="red" variant="light" role="alert" styles={{ message: { color: '#a61e1e' } }}>
          {props.message}
        </Alert>
      )}
      {order.lines.map((line) => (
        <LineCard
          key={line.sku}
          line={line}
          draft={props.drafts[line.sku] ?? emptyDraft}
          onDraft={(change) => props.onDraft(line.sku, change)}
          errors={props.errors[line.sku] ?? {}}
        />
      ))}
      <Textarea
        label={t('claims:comment')}
        value={props.comment}
        onChange={(event) => props.onComment(event.currentTarget.value)}
        maxLength={CLAIM_LIMITS.commentMaxLength}
        autosize
        minRows={2}
        error={props.commentError}
      />
    </Stack>
  );
}

export const emptyDraft: LineDraft = {
  selected: false,
  quantity: 1,
  reason: '',
  demand_action: '',
};
