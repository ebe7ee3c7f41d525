import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

/**
 * A label and its value on one line of a facts card. On a narrow card the label wraps first; the
 * value keeps its words whole up to 60 % of the line, and only a longer one (an e-mail, a
 * tracking code) breaks within it.
 */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text
        size="sm"
        fw={600}
        ta="right"
        style={{ flexShrink: 0, maxWidth: '60%', overflowWrap: 'anywhere' }}
        component="div"
      >
        {children}
      </Text>
    </Group>
  );
}
