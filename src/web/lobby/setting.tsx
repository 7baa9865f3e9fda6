/**
 * A lobby's setting (a module, a game option, "Show odds to players"): a checkbox for the one who
 * may change it (the host, while the lobby is open), and its name with yes or no for everyone else.
 */
import { Badge, Checkbox, Group, Text } from '@mantine/core';

interface SettingProps {
  label: string;
  hint?: string;
  value: boolean;
  /** Given to the one who may change the setting: called with the box's new state. */
  onChange?: (value: boolean) => Promise<void>;
  /** The connection is down: the box waits for it (the page's notice says so). */
  offline?: boolean;
}

export function LobbySetting({ label, hint, value, onChange, offline = false }: SettingProps) {
  if (onChange) return <Checkbox size="md" label={label} description={hint} checked={value} disabled={offline} onChange={(event) => void onChange(event.currentTarget.checked)} />;
  return (
    <Group justify="space-between" wrap="nowrap" data-setting={label} title={hint}>
      <Text size="sm">{label}</Text>
      <Badge size="sm" variant={value ? 'filled' : 'outline'} color={value ? 'gold' : 'gray'}>
        {value ? 'yes' : 'no'}
      </Badge>
    </Group>
  );
}
