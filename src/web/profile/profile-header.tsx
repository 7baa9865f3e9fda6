/** The top of a profile: picture (or initials), name, subtitle and what kind of account it is. */
import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { PublicUser } from '../history/use-users.js';
import { initialsOf } from '../lib/initials.js';
import classes from './profile-header.module.css';
import { UserText } from '../components/user-text.js';

export function ProfileHeader({ user, isMe }: { user: PublicUser; isMe: boolean }) {
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={user.profilePictureURL} alt="" size={72} radius={999} color="gold" variant="filled" className={classes.avatar}>
        {initialsOf(user.name)}
      </Avatar>
      <Stack gap={2} className={classes.who}>
        <Group gap="xs" align="center">
          <Title order={1} className={classes.name}>
            <UserText>{user.name}</UserText>
          </Title>
          {isMe && (
            <Badge variant="outline" color="gold.4">
              you
            </Badge>
          )}
          {user.isDev && (
            <Badge variant="outline" color="night.1">
              developer
            </Badge>
          )}
          {user.isBot && (
            <Badge variant="outline" color="night.1">
              bot
            </Badge>
          )}
        </Group>
        <Text c="night.1">{user.subtitle || 'Mythos player'}</Text>
      </Stack>
    </Group>
  );
}
