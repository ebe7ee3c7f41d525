import type { ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
}

/** The white card the signed-out screens sit in. */
export function AuthCard({ title, subtitle, width = 440, children }: AuthCardProps) {
  return (
    <Paper
      shadow="md"
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      mx="auto"
      mt={{ base: 'md', sm: 48 }}
      maw={width}
      withBorder
    >
      <Title order={1} size="h2" mb={subtitle ? 6 : 'lg'} c="brand.9">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm" mb="lg">
          {subtitle}
        </Text>
      )}
      {children}
    </Paper>
  );
}
