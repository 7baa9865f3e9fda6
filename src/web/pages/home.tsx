/** `/`: the lobby list when signed in (or the `?redirect=` target), the login page otherwise. */
import { Navigate, useSearchParams } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import { useSession } from '../lib/session.js';
import { safeRedirect } from '../lib/redirect.js';
import { Page as LobbyList } from './lobby-list.js';
import { Page as Login } from './login.js';

export function Page() {
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading..." />
      </Center>
    );
  }
  const redirect = params.get('redirect');
  if (user && redirect) return <Navigate replace to={safeRedirect(redirect)} />;
  return user ? <LobbyList /> : <Login />;
}
