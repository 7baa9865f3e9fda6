/**
 * User settings: the 'New Name' form for accounts that may change
 * their name, and the 'Disable Animations' preference kept in this browser (lib/prefs.ts).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { MAX_NAME_LENGTH, upToNameLength } from '../../shared/names.js';
import { UserText } from '../components/user-text.js';
import { usePrefs } from '../lib/prefs.js';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';

function RenameForm({ current }: { current: string }) {
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: ReactNode } | null>(null);
  const utils = trpc.useUtils();
  const rename = trpc.session.rename.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      // A name change sends the typed name; the server trims and checks it.
      const renamed = await rename.mutateAsync({ name });
      utils.session.me.setData(undefined, (was) => (was ? { ...was, ...renamed } : was));
      setName('');
      setMessage({ ok: true, text: <>You are now <UserText>{renamed.name}</UserText>.</> });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput label="New Name" value={name} onChange={(e) => setName(upToNameLength(e.currentTarget.value))} placeholder={current} flex={1} autoComplete="nickname" description={`Up to ${MAX_NAME_LENGTH} characters`} />
          <Button type="submit" loading={rename.isPending}>
            Submit
          </Button>
        </Group>
        {message && (
          <Alert color={message.ok ? 'teal' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function Settings() {
  const { user } = useSession();
  const [prefs, setPrefs] = usePrefs();
  if (!user) return null;
  return (
    <Container size={560} px="md">
      <Paper className="mythos-parchment" p={{ base: 'lg', sm: 'xl' }}>
        <Title order={1}>Settings</Title>
        <hr className="mythos-rule" />
        <Stack gap="lg">
          <div>
            <Text size="sm" c="dimmed">
              Signed in as
            </Text>
            <Text fw={700} size="lg">
              {user.name}
            </Text>
          </div>
          {user.canChangeName && <RenameForm current={user.name} />}
          <Checkbox
            size="md"
            label="Disable Animations"
            description="Cards, resources and dice appear at once instead of moving. Kept in this browser."
            checked={prefs.disableAnimations}
            onChange={(e) => setPrefs({ disableAnimations: e.currentTarget.checked })}
          />
        </Stack>
      </Paper>
    </Container>
  );
}

export function Page() {
  return <Settings />;
}
