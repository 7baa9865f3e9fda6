/** A game's players by name: profiles linked, bots marked in words, unknown ids as '(unknown-user)'. */
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from '../components/link.js';
import { UNKNOWN_USER, type PublicUser } from './use-users.js';
import classes from './game-history.module.css';
import { UserText } from '../components/user-text.js';

export function PlayerName({ id, user }: { id: string; user: PublicUser | undefined }) {
  if (!user) {
    return (
      <Text span size="sm" c="dimmed" fs="italic">
        {UNKNOWN_USER}
      </Text>
    );
  }
  return (
    <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
      {user.canSeeProfile ? (
        <Anchor component={Link} to={`/user/${encodeURIComponent(id)}`} size="sm" c="gold.3">
          <UserText>{user.name}</UserText>
        </Anchor>
      ) : (
        <Text span size="sm">
          <UserText>{user.name}</UserText>
        </Text>
      )}
      {user.isBot && (
        <Badge size="xs" variant="outline" color="night.2">
          bot
        </Badge>
      )}
    </Group>
  );
}

export function PlayerList({ ids, usersByID }: { ids: readonly string[]; usersByID: Map<string, PublicUser> }) {
  return (
    <Group component="ul" gap="xs" m={0} p={0} className={classes.players}>
      {ids.map((id, seat) => (
        <li key={`${seat}-${id}`}>
          <PlayerName id={id} user={usersByID.get(id)} />
        </li>
      ))}
    </Group>
  );
}
