import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

/**
 * A label and its value on one line of a facts card. When both do not fit (a narrow card), the
 * value moves under the label, right-aligned, with its words whole; only a value longer than the
 * card (an e-mail, a tracking code) breaks within itself.
 */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start" style={{ rowGap: 2 }}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text
        size="sm"
        fw={600}
        ta="right"
        ml="auto"
        maw="100%"
        style={{ overflowWrap: 'anywhere' }}
        component="div"
      >
        {children}
      </Text>
    </Group>
  );
}
