import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SPENDING_LIMIT_MAX, type Budget } from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { notifySuccess } from '../../../shared/ui/notify';
import { APPROVAL_NAMESPACES } from '../../../i18n/i18n';
import { useSetBudget } from '../api/approvals';

const amountOf = (value: string | number): number | null =>
  value === '' || value === null ? null : Number(value);

/** An owner sets a purchaser's order limit and monthly budget; empty means no limit. */
export function BudgetModal({ budget, onClose }: { budget: Budget; onClose: () => void }) {
  const { t } = useTranslation(APPROVAL_NAMESPACES);
  const save = useSetBudget();
  const [orderLimit, setOrderLimit] = useState<string | number>(budget.order_limit ?? '');
  const [monthlyBudget, setMonthlyBudget] = useState<string | number>(budget.monthly_budget ?? '');
  const fieldError = (field: string) =>
    save.error instanceof ApiError
      ? save.error.details.find((detail) => detail.field === field)?.message
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        memberId: budget.member._id,
        order_limit: amountOf(orderLimit),
        monthly_budget: amountOf(monthlyBudget),
      },
      {
        onSuccess: () => {
          notifySuccess(t('approvals:limitsSaved', { name: budget.member.full_name }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('approvals:limitsOf', { name: budget.member.full_name })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t('approvals:limitsHint')}
          </Text>
          <NumberInput
            label={t('approvals:orderLimit')}
            description={t('approvals:orderLimitHint')}
            value={orderLimit}
            onChange={setOrderLimit}
            min={0}
            max={SPENDING_LIMIT_MAX}
            decimalScale={2}
            prefix="€ "
            error={fieldError('order_limit')}
          />
          <NumberInput
            label={t('approvals:monthlyBudget')}
            description={t('approvals:monthlyBudgetHint')}
            value={monthlyBudget}
            onChange={setMonthlyBudget}
            min={0}
            max={SPENDING_LIMIT_MAX}
            decimalScale={2}
            prefix="€ "
            error={fieldError('monthly_budget')}
          />
          {save.error && !(save.error instanceof ApiError && save.error.details.length > 0) && (
            <Text c="red.8" size="sm" role="alert">
              {save.error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
