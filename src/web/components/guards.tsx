/**
 * Route guards, used by the route table alone (routes.tsx), never inside a page: protected pages
 * send anonymous visitors to `/?redirect={path}`; developer pages send everyone else to `/`.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import { useSession } from '../lib/session.js';

function Waiting() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading..." />
    </Center>
  );
}

export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Waiting />;
  if (!user) return <Navigate replace to={`/?redirect=${encodeURIComponent(location.pathname + location.search + location.hash)}`} />;
  return <>{children}</>;
}

/** Developers only: everyone else, signed in or not, goes to `/` (a developer page is not advertised). */
export function RequireDev({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <Waiting />;
  if (!user?.isDev) return <Navigate replace to="/" />;
  return <>{children}</>;
}
