/** A setting as a non-host sees it: its name and yes or no. */
import { Badge, Group, Text } from '@mantine/core';

export function YesNo({ label, value, hint }: { label: string; value: boolean; hint?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-setting={label} title={hint}>
      <Text size="sm">{label}</Text>
      <Badge size="sm" variant={value ? 'filled' : 'outline'} color={value ? 'gold' : 'gray'}>
        {value ? 'yes' : 'no'}
      </Badge>
    </Group>
  );
}
