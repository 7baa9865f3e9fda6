/**
 * The router's error page: a render or loading error anywhere below the layout. It stands alone
 * (the layout may be what failed), on the same night sky.
 */
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import shell from '../components/layout.module.css';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Something went wrong while showing this page.';
  return (
    <main className={shell.main}>
      <Container size="sm" px="md">
        <Paper className="mythos-parchment" p="xl">
          <Stack align="center" gap="sm">
            <Title order={1} ta="center">
              Unexpected Application Error!
            </Title>
            <Text ta="center">{detail}</Text>
            <Button component="a" href="/">
              Back to the lobby
            </Button>
          </Stack>
        </Paper>
      </Container>
    </main>
  );
}
