/**
 * `/`: the lobby list when signed in (or the `?redirect=` target), the login page otherwise. The
 * login form is a chunk of its own, so a signed-in player's lobby list does not load it (7 KB gzip);
 * the lobby list comes with this page, as it is what `/` shows most.
 */
import { Suspense } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import { useSession } from '../lib/session.js';
import { safeRedirect } from '../lib/redirect.js';
import { Page as LobbyList } from './lobby-list.js';

const Login = retryingLazy(() => import('./login.js').then((m) => ({ default: m.Page })));

function Waiting() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading..." />
    </Center>
  );
}

export function Page() {
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  if (isLoading) return <Waiting />;
  const redirect = params.get('redirect');
  if (user && redirect) return <Navigate replace to={safeRedirect(redirect)} />;
  if (user) return <LobbyList />;
  return (
    <Suspense fallback={<Waiting />}>
      <Login />
    </Suspense>
  );
}
