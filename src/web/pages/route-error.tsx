/** The router's error page: a render or loading error anywhere below the layout. */
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Container size="sm" py="xl">
      <Stack align="center">
        <Title order={1}>Unexpected Application Error!</Title>
        <Text c="dimmed">{error instanceof Error ? error.message : 'Something went wrong while showing this page.'}</Text>
        <Button component="a" href="/">
          Back to the lobby
        </Button>
      </Stack>
    </Container>
  );
}
