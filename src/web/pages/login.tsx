/**
 * The login page: Discord and Google through the server's OAuth routes, and a
 * guest login by name. After signing in the player goes to `?redirect=` (a same-site path) or `/`.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Container, Divider, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router-dom';
import { MAX_NAME_LENGTH, NAME_NEEDS_A_CHARACTER, upToNameLength } from '../../shared/names.js';
import { ART } from '../lib/palette.js';
import { safeRedirect } from '../lib/redirect.js';
import { trpc } from '../lib/trpc.js';
import { useSession } from '../lib/session.js';
import classes from './login.module.css';

/** The server's guest form expects a password field; guests have none, so a fixed placeholder. */
const GUEST_PASSWORD = 'guest';

function DiscordIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.6 5.3A17 17 0 0 0 15.4 4l-.5 1a15.7 15.7 0 0 0-5.8 0l-.5-1a17 17 0 0 0-4.2 1.3C1.7 9.3 1 13.2 1.3 17a17 17 0 0 0 5.2 2.6l1.1-1.8c-.6-.2-1.2-.5-1.7-.9l.4-.3a12 12 0 0 0 11.4 0l.4.3c-.5.4-1.1.7-1.7.9l1.1 1.8a17 17 0 0 0 5.2-2.6c.4-4.4-.7-8.3-3.1-11.7ZM8.6 14.7c-1 0-1.9-1-1.9-2.1s.8-2.1 1.9-2.1 1.9 1 1.9 2.1-.8 2.1-1.9 2.1Zm6.8 0c-1 0-1.9-1-1.9-2.1s.8-2.1 1.9-2.1 1.9 1 1.9 2.1-.8 2.1-1.9 2.1Z"
      />
    </svg>
  );
}

function GoogleIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill={ART.google.blue} d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2-1.9 3.3-4.7 3.3-8Z" />
      <path fill={ART.google.green} d="M12 23c3 0 5.4-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23Z" />
      <path fill={ART.google.yellow} d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.6-2.8Z" />
      <path fill={ART.google.red} d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4Z" />
    </svg>
  );
}

export function Page() {
  const { user, isLoading } = useSession();
  const site = trpc.definitions.site.useQuery(undefined, { staleTime: Infinity });
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!isLoading && user) return <Navigate replace to={redirect} />;

  const providerHref = (provider: 'discord' | 'google') => `/auth/${provider}?redirect=${encodeURIComponent(redirect)}`;
  // Until the server has said, both are offered: a click then gets the server's own answer.
  const logins = site.data?.logins ?? { discord: true, google: true };

  async function logInAsGuest(event: FormEvent) {
    event.preventDefault();
    const username = upToNameLength(name.trim());
    if (pending) return;
    // The server's own words for an empty name, without the round trip.
    if (!username) return setFailure(NAME_NEEDS_A_CHARACTER);
    setPending(true);
    setFailure(null);
    try {
      const response = await fetch('/auth/guest', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password: GUEST_PASSWORD, redirect }),
        credentials: 'same-origin',
        redirect: 'manual',
      });
      // Success is the server's 303 to the redirect target (opaque to fetch when not followed).
      if (response.type === 'opaqueredirect' || response.ok) {
        // A full load: the new session cookie then applies to every request and the websocket.
        window.location.assign(redirect);
        return;
      }
      setFailure(await response.text());
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
    setPending(false);
  }

  return (
    <Container size={440} px="md">
      <Paper className="mythos-parchment" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={1} ta="center">
              Log in to save your stats
            </Title>
            <Text ta="center" size="sm" c="dimmed" mt={6}>
              Your games, favor and win rate follow your account.
            </Text>
          </div>
          {/* A login this server has not set up is shown, disabled, rather than followed into a dead end. */}
          {logins.discord ? (
            <Button component="a" href={providerHref('discord')} size="md" leftSection={<DiscordIcon />} className={classes.discord}>
              Log in with Discord
            </Button>
          ) : (
            <Button disabled size="md" leftSection={<DiscordIcon />} aria-describedby="logins-not-set-up">
              Log in with Discord
            </Button>
          )}
          {logins.google ? (
            <Button component="a" href={providerHref('google')} size="md" variant="default" leftSection={<GoogleIcon />}>
              Log in with Google
            </Button>
          ) : (
            <Button disabled size="md" variant="default" leftSection={<GoogleIcon />} aria-describedby="logins-not-set-up">
              Log in with Google
            </Button>
          )}
          {!logins.discord || !logins.google ? (
            <Text size="sm" ta="center" id="logins-not-set-up">
              {!logins.discord && !logins.google ? 'Discord and Google logins are' : `${logins.discord ? 'Google' : 'Discord'} login is`} not set up on this server: play as a guest.
            </Text>
          ) : null}
          <Divider label="or play right away" labelPosition="center" color="var(--mythos-parchment-line)" />
          <form onSubmit={logInAsGuest} aria-labelledby="guest-login">
            <Stack gap="sm">
              <Title order={2} id="guest-login" size="h3">
                Guest Login
              </Title>
              <TextInput
                label="Name"
                value={name}
                onChange={(event) => setName(upToNameLength(event.currentTarget.value))}
                autoComplete="nickname"
                description={`Up to ${MAX_NAME_LENGTH} characters`}
                disabled={pending}
              />
              <Button type="submit" loading={pending} disabled={pending}>
                Log in as guest
              </Button>
            </Stack>
          </form>
          {failure !== null && (
            <Alert color="red" variant="light" title="error logging in" role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
