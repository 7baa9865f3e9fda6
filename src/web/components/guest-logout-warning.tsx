/**
 * The dialog before a guest logs out. Its own module, loaded by the account menu when it opens:
 * Mantine's Modal brings its scroll area and that brings the floating-ui positioning library,
 * about 25 KB gzip that no page's first load needs.
 */
import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * A guest account has no password and no provider behind it: the session cookie is the only way
 * back in. Logging out throws that away, so say so before it happens.
 */
export function GuestLogoutWarning({ name, opened, onClose }: { name: string; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Log out of a guest account?" centered>
      <Text>
        You are playing as the guest {name}. A guest account cannot be recovered: once you log out, nobody can sign in as {name} again, and its
        unfinished games will be played on by bots.
      </Text>
      <Text mt="sm">Stay signed in to come back to it later from this browser.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Stay signed in
        </Button>
        <Button component="a" href="/auth/logout" color="red.9">
          Log out
        </Button>
      </Group>
    </Modal>
  );
}
