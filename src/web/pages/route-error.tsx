/**
 * The site's error page: a render or loading error anywhere below the router (a page whose code
 * failed to load, a page that threw). It stands alone (the layout may be what failed), on the same
 * night sky. React reports the error to the console itself.
 */
import { Component, type ReactNode } from 'react';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import shell from '../components/layout.module.css';
import { codeNotLoaded, NOT_LOADED_WHY } from '../lib/code-not-loaded.js';
import { tryFailedLoadsAgain } from '../lib/retrying-lazy.js';

const CODE_NOT_LOADED_DETAIL = `This page's code did not load: ${NOT_LOADED_WHY}`;

export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : null;
  const notLoaded = codeNotLoaded(error);
  const detail = notLoaded ? CODE_NOT_LOADED_DETAIL : (message ?? 'Something went wrong while showing this page.');
  return (
    <main className={shell.main}>
      <Container size="sm" px="md">
        <Paper className="mythos-parchment" p="xl">
          <Stack align="center" gap="sm">
            <Title order={1} ta="center">
              Unexpected Application Error!
            </Title>
            <Text ta="center">{detail}</Text>
            {/* Links, not Mantine Buttons: this page is in every page's first load, and Button
                brings its Loader and Transition (about 4 KB gzip) to pages that use none. A plain
                link to this same address loads the page afresh, new code and all. */}
            {notLoaded && <Anchor href={window.location.href}>Reload the page</Anchor>}
            <Anchor href="/">Back to the lobby</Anchor>
          </Stack>
        </Paper>
      </Container>
    </main>
  );
}

interface BoundaryProps {
  /** The path shown: going to another (the browser's back button) leaves the error page. */
  pathname: string;
  children: ReactNode;
}

/**
 * Shows RouteError in place of everything below it once something there throws; another path
 * shown leaves it, and a page whose code had failed to load loads afresh there.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.pathname !== this.props.pathname) {
      tryFailedLoadsAgain();
      this.setState({ failed: false, error: undefined });
    }
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
