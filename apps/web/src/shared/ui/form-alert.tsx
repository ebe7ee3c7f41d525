import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The server's message for a failed submit (wrong credentials, account pending, ...). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      mb="md"
      role="alert"
      styles={{ message: { color: '#a61e1e' } }}
    >
      {message}
    </Alert>
  );
}
