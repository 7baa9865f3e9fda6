/** Any path the site does not know. */
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function Page() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The gods found nothing at this address.</Text>
        <Button component={Link} to="/">
          Back to the lobby
        </Button>
      </Stack>
    </Container>
  );
}
