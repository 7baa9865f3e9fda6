/** `/dev/users`: every account (bots aside), newest first; choosing a user opens their profile. */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Card, Container, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../components/link.js';
import { trpc } from '../../lib/trpc.js';
import type { PublicUser } from '../../history/use-users.js';
import { parseUserStats, percent } from '../../profile/stats.js';
import { DevBreadcrumbs } from './index.js';
import classes from './users.module.css';

interface Row {
  user: PublicUser;
  played: number;
  won: number;
}

const profilePath = (id: string) => `/user/${encodeURIComponent(id)}`;

function Users() {
  const list = trpc.users.devList.useQuery();
  const [filter, setFilter] = useState('');
  const navigate = useNavigate();
  const rows = useMemo<Row[]>(
    () =>
      (list.data ?? []).map((user) => {
        const stats = parseUserStats(user.statsJSON);
        return { user, played: stats.gamesPlayed, won: stats.gamesWon };
      }),
    [list.data],
  );
  const needle = filter.trim().toLowerCase();
  const shown = needle ? rows.filter((r) => r.user.name.toLowerCase().includes(needle) || r.user.id.toLowerCase().includes(needle)) : rows;

  if (list.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Users">
        {list.error.message}
      </Alert>
    );
  }
  if (list.isLoading) return <Text role="status">Loading...</Text>;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput label="Find a user" placeholder="Name or id" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} w={{ base: '100%', sm: 280 }} />
        <Text size="sm" c="dimmed" aria-live="polite">
          {shown.length === rows.length ? `${rows.length} users` : `${shown.length} of ${rows.length} users`}
        </Text>
      </Group>
      <Table visibleFrom="sm" striped highlightOnHover verticalSpacing="sm" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">User id</Table.Th>
            <Table.Th scope="col" ta="right">
              Games played
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Games won
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Win rate
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map(({ user, played, won }) => (
            <Table.Tr key={user.id} onClick={() => void navigate(profilePath(user.id))} className={classes.row}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={profilePath(user.id)} c="gold.3" onClick={(e) => e.stopPropagation()}>
                    {user.name}
                  </Anchor>
                  <Roles user={user} />
                </Group>
                {user.subtitle && (
                  <Text size="xs" c="dimmed">
                    {user.subtitle}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" c="night.1">
                  {user.id}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{played}</Table.Td>
              <Table.Td ta="right">{won}</Table.Td>
              <Table.Td ta="right">{percent(won, played)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack hiddenFrom="sm" gap="xs" component="ul" m={0} p={0} className={classes.plainList} aria-label="Users">
        {shown.map(({ user, played, won }) => (
          <li key={user.id}>
            <Card component={Link} to={profilePath(user.id)} withBorder padding="sm" radius="md" bg="night.8">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600} c="gold.3">
                    {user.name}
                  </Text>
                  <Roles user={user} />
                </Group>
                <Text size="sm" c="night.1" className={classes.date}>
                  {won}/{played} won
                </Text>
              </Group>
              <Text size="xs" ff="monospace" c="dimmed" className={classes.id}>
                {user.id}
              </Text>
            </Card>
          </li>
        ))}
      </Stack>
      {shown.length === 0 && <Text c="dimmed">No user matches “{filter.trim()}”.</Text>}
    </Stack>
  );
}

function Roles({ user }: { user: PublicUser }) {
  return user.isDev ? (
    <Badge size="xs" variant="outline" color="gold.4">
      developer
    </Badge>
  ) : null;
}

export function Page() {
  return (
    <Container size="lg" py="md">
      <DevBreadcrumbs current="Users" />
      <Title order={1} mb="md">
        Users
      </Title>
      <Users />
    </Container>
  );
}
