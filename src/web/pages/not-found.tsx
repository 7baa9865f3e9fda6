/** Any path the site does not know. */
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../components/link.js';

export function Page() {
  return (
    <Container size="sm" px="md">
      <Paper className="mythos-parchment" p="xl">
        <Stack align="center" gap="sm">
          <Title order={1}>Page not found</Title>
          <Text ta="center">The gods looked everywhere and found nothing at this address.</Text>
          <Button component={Link} to="/">
            Back to the lobby
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
