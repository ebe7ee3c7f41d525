import { useEffect } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { messageAnswerSchema } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { ApiError } from '../../../shared/api/client';
import { useMe } from '../../../shared/auth/me';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { Fact } from '../../../shared/ui/fact';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useMessageChange, useStaffMessage, type MessageChange } from '../api/messages';

/** Back office: one contact-us message: read it, take it, answer it by e-mail. */
export function MessagePage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const { id = '' } = useParams();
  const me = useMe().data;
  const message = useStaffMessage(id);
  const change = useMessageChange(id);
  const unread = message.data?.read === false;
  const { mutate } = change;

  // Opening an unread message reads it.
  useEffect(() => {
    if (unread) mutate({ kind: 'read', read: true });
  }, [unread, mutate]);

  if (message.isError) {
    return (
      <Alert color="red" role="alert">
        {message.error.message}
      </Alert>
    );
  }
  if (!message.data) return <PageLoader />;
  const data = message.data;
  const mine = data.assigned_to?._id === me?._id;

  const run = (what: MessageChange, done: string) =>
    change.mutate(what, {
      onSuccess: () => notifications.show({ color: 'teal', message: t(done) }),
      onError: (error) => {
        if (error instanceof ApiError && !error.isServerFailure) {
          notifications.show({ color: 'red', message: error.message });
        }
      },
    });

  return (
    <Stack gap="lg">
      <Anchor component={LocaleLink} to="/admin/messages" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('staff:messages.backToList')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2" c="brand.9">
          {data.subject}
        </Title>
        <Group gap="xs">
          {me && !mine && (
            <Button
              variant="light"
              onClick={() => run({ kind: 'assign', staffUserId: me._id }, 'staff:messages.taken')}
            >
              {t('staff:messages.assignToMe')}
            </Button>
          )}
          {data.assigned_to && (
            <Button
              variant="default"
              onClick={() => run({ kind: 'assign', staffUserId: null }, 'staff:messages.released')}
            >
              {t('staff:messages.unassign')}
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => run({ kind: 'read', read: false }, 'staff:messages.markedUnread')}
          >
            {t('staff:messages.markUnread')}
          </Button>
        </Group>
      </Group>
      <Card withBorder radius="md" padding="lg">
        <Stack gap={8}>
          <Fact label={t('staff:messages.from')}>
            {data.sender.full_name} ·{' '}
            <Anchor href={`mailto:${data.sender.email}`}>{data.sender.email}</Anchor>
          </Fact>
          <Fact label={t('staff:orders.company')}>
            <Anchor component={LocaleLink} to={`/admin/customers/${data.company._id}`}>
              {data.company.name}
            </Anchor>
          </Fact>
          <Fact label={t('staff:messages.received')}>
            {formatDateTime(data.created_at, locale)}
          </Fact>
          <Fact label={t('staff:messages.assignedTo')}>{data.assigned_to?.full_name ?? '—'}</Fact>
        </Stack>
        <Text mt="md" style={{ whiteSpace: 'pre-wrap' }} data-message-text>
          {data.message}
        </Text>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('staff:messages.answers')}
        </Title>
        {data.answers.length === 0 ? (
          <Text size="sm" c="gray.7" mb="md">
            {t('staff:messages.noAnswer')}
          </Text>
        ) : (
          <Timeline active={data.answers.length - 1} bulletSize={18} lineWidth={2} mb="lg">
            {data.answers.map((answer) => (
              <Timeline.Item key={answer._id} title={answer.by.full_name} data-answer>
                <Text size="xs" c="gray.7">
                  {formatDateTime(answer.created_at, locale)}
                </Text>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {answer.body}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
        <AnswerForm id={id} email={data.sender.email} />
      </Card>
    </Stack>
  );
}

function AnswerForm({ id, email }: { id: string; email: string }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const change = useMessageChange(id);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { body: '' },
    validate: (values) => zodFieldErrors(messageAnswerSchema, values, t),
  });
  const submit = ({ body }: { body: string }) =>
    change.mutate(
      { kind: 'answer', body },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'teal', message: t('staff:messages.answerSent', { email }) });
        },
        onError: (error) => {
          const problem = applyServerError(error, ['body'], form.setErrors);
          if (problem) form.setFieldError('body', problem);
        },
      },
    );
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('staff:messages.answer')}
          description={t('staff:messages.answerHint', { email })}
          autosize
          minRows={4}
          maxLength={5000}
          key={form.key('body')}
          {...form.getInputProps('body')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconMailForward size={18} aria-hidden />}
            loading={change.isPending}
          >
            {t('staff:messages.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
