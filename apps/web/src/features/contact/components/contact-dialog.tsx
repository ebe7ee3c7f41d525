import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { contactMessageSchema, type ContactMessage } from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { detailsForFields } from '../../../shared/forms/field-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { useSendContactMessage } from '../api/contact';

/** The contact-us dialog of the sidebar: subject and message, both required (SPEC section 5). */
export function ContactDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const form = useForm<ContactMessage>({
    initialValues: { subject: '', message: '' },
    validate: (values) => zodFieldErrors(contactMessageSchema, values, t),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = (values: ContactMessage) =>
    send.mutate(contactMessageSchema.parse(values), {
      onSuccess: ({ message }) => {
        notifications.show({ color: 'teal', title: t('contact.sentTitle'), message });
        close();
      },
      onError: (error) => {
        const fields =
          error instanceof ApiError ? detailsForFields(error.details, ['subject', 'message']) : {};
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        // SPEC section 8: any other failure is the generic message.
        else notifications.show({ color: 'red', message: t('errors.generic') });
      },
    });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('contact.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('contact.subject')}
            required
            data-autofocus
            {...form.getInputProps('subject')}
          />
          <Textarea
            label={t('contact.message')}
            required
            autosize
            minRows={5}
            maxRows={12}
            {...form.getInputProps('message')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('contact.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
