/** The frame of every page: header with the site's links and the user menu, then the page. */
import { AppShell, Group, Anchor } from '@mantine/core';
import { Link, Outlet } from 'react-router-dom';

export function Layout() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" gap="lg">
          <Anchor component={Link} to="/">
            Lobby
          </Anchor>
          <Anchor component={Link} to="/rules">
            Game Rules
          </Anchor>
          <Anchor component={Link} to="/all-cards">
            View Cards
          </Anchor>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
