import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface MessageCardProps {
  icon: Icon;
  title: string;
  text: string;
  /** The ways on: one or more buttons, centred under the text. */
  children: ReactNode;
  role?: 'alert';
}

/** A page's whole content when there is nothing else to show: not found, a page that failed. */
export function MessageCard({ icon: Icon, title, text, children, role }: MessageCardProps) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" my="xl" shadow="xs" role={role}>
      <Stack align="center" gap="sm" ta="center">
        <Icon size={48} color="var(--mantine-color-brand-7)" aria-hidden />
        <Title order={1} size="h2" c="brand.9">
          {title}
        </Title>
        <Text>{text}</Text>
        <Group justify="center" mt="sm">
          {children}
        </Group>
      </Stack>
    </Paper>
  );
}
