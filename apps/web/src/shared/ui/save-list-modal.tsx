import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHOPPING_LIST_NAME_MAX_LENGTH, type ShoppingList } from '@portal/contract';
import { useCreateShoppingList, type NewListSource } from '../api/shopping-lists';
import { ApiError } from '../api/client';
import { notifyError, notifySuccess } from './notify';

/**
 * Saves products as a new shopping list: a name, and whether the company shares it. `source`
 * says what goes on it (lines, the cart, a past order).
 */
export function SaveListModal({
  opened,
  onClose,
  source,
  defaultName = '',
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  source: NewListSource;
  defaultName?: string;
  onSaved?: (list: ShoppingList) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateShoppingList();
  const [name, setName] = useState(defaultName);
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('validation.required'));
      return;
    }
    create.mutate(
      { name: name.trim(), shared, source },
      {
        onSuccess: (list) => {
          notifySuccess(t('lists.saved', { name: list.name }));
          setName(defaultName);
          setShared(false);
          setError(null);
          onClose();
          onSaved?.(list);
        },
        onError: (failure) => {
          const detail =
            failure instanceof ApiError
              ? failure.details.find((item) => item.field === 'name')
              : undefined;
          if (detail) setError(detail.message);
          else notifyError(failure);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('lists.saveTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('lists.name')}
            required
            maxLength={SHOPPING_LIST_NAME_MAX_LENGTH}
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Checkbox
            label={t('lists.shareWithCompany')}
            description={t('lists.sharedHint')}
            checked={shared}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('lists.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
