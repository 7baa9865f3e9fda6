/** `/dev`: the developers' pages, one card each. */
import { Anchor, Breadcrumbs, Card, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '../../components/link.js';
import classes from './index.module.css';

const PAGES = [
  { to: '/dev/users', title: 'Users', description: 'Everyone with an account, newest first. Open a profile from the list.' },
  { to: '/dev/game-history-list', title: 'Game history', description: 'Every game played, with or without bots, and a way to open each one.' },
] as const;

/** The trail above each dev page, back to the index. */
export function DevBreadcrumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs mb="xs" aria-label="Breadcrumb" separator="›">
      <Anchor component={Link} to="/dev" size="sm" c="gold.3">
        Developer pages
      </Anchor>
      <Text size="sm" c="dimmed" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}

export function Page() {
  return (
    <Container size="lg" py="md">
      <Title order={1} mb="xs">
        Developer pages
      </Title>
      <Text c="dimmed" mb="lg">
        Tools for the people who run Mythos.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" m={0} p={0} className={classes.tools}>
        {PAGES.map((page) => (
          <li key={page.to}>
            <Card component={Link} to={page.to} withBorder padding="lg" radius="md" bg="night.8" h="100%">
              <Title order={2} size="h3" mb={4} c="gold.4">
                {page.title} ›
              </Title>
              <Text size="sm" c="night.1">
                {page.description}
              </Text>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    </Container>
  );
}
