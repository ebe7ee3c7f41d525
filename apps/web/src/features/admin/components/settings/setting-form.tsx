import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { STAFF_NAMESPACES } from '../../../../i18n/i18n';
import { ApiError } from '../../../../shared/api/client';
import { zodFieldErrors } from '../../../../shared/forms/zod-errors';
import { formatDateTime } from '../../../../shared/format/date';
import { useLocale } from '../../../../shared/locale/use-locale';
import { FormAlert } from '../../../../shared/ui/form-alert';
import { PageLoader } from '../../../../shared/ui/page-loader';
import { type SettingCodeName, useSaveSetting, useSetting } from '../../api/settings';

/** The server names a setting's fields under `value.`: the form's paths are without it. */
function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.isServerFailure) return null;
  const errors: Record<string, string> = {};
  for (const { field, message } of error.details) {
    const path = field.replace(/^value\./, '');
    errors[path] ??= message;
  }
  return Object.keys(errors).length ? errors : null;
}

interface SettingFormProps<T extends object> {
  code: SettingCodeName;
  schema: z.ZodType<T>;
  /** The form's values from the saved value (every field present, for inputs to hold). */
  prepare?: (value: T) => T;
  /** The value to check and save from the form's values (empty optional parts left out). */
  toSetting?: (values: T) => T;
  children: (form: UseFormReturnType<T>) => ReactNode;
}

const same = <T,>(value: T) => value;

function SettingFormBody<T extends object>({
  code,
  schema,
  prepare = same,
  toSetting = same,
  initial,
  updatedAt,
  children,
}: SettingFormProps<T> & { initial: T; updatedAt: string }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const save = useSaveSetting<T>(code);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<T>({
    initialValues: prepare(initial),
    validate: (values) => zodFieldErrors(schema, toSetting(values), t),
  });
  const submit = (values: T) => {
    setAlert(null);
    save.mutate(toSetting(values), {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('staff:settings.saved') });
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) form.setErrors(fields);
        else if (error instanceof ApiError && !error.isServerFailure) setAlert(error.message);
      },
    });
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormAlert message={alert} />
        {children(form)}
        <Group justify="space-between">
          <Text size="xs" c="gray.7">
            {t('staff:settings.updatedAt', { date: formatDateTime(updatedAt, locale) })}
          </Text>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t('staff:settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * One settings code as a form: loaded, checked with the contract's schema before it is sent,
 * saved whole; the server's field messages land next to their fields.
 */
export function SettingForm<T extends object>(props: SettingFormProps<T>) {
  const setting = useSetting<T>(props.code);
  if (setting.isError) {
    return (
      <Alert color="red" role="alert">
        {setting.error.message}
      </Alert>
    );
  }
  if (!setting.data) return <PageLoader />;
  return (
    <Card withBorder radius="md" padding="lg">
      <SettingFormBody
        {...props}
        key={setting.data.updated_at}
        initial={setting.data.value}
        updatedAt={setting.data.updated_at}
      />
    </Card>
  );
}
