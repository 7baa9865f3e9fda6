/** The web client's entry: providers (Mantine, tanstack query, tRPC) around the router. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { BrowserRouter } from 'react-router-dom';
import './styles/mantine.js';
import './styles/global.css';
import { trpc, trpcClient } from './lib/trpc.js';
import { AppRoutes, loadFirstPage } from './routes.js';
import { theme } from './theme.js';

const queryClient = new QueryClient({
  defaultOptions: {
    // Live data arrives by subscription: no refetching on focus or on a timer.
    queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 },
  },
});

// The first batch (src/shared/first-batch.ts), asked for before the first render and in this order,
// so it goes alone and at the address the page's HTML preloads: its answer is often here already.
const first = createTRPCQueryUtils({ queryClient, client: trpcClient });
void first.session.me.prefetch();
void first.definitions.site.prefetch();

/**
 * The first render as a transition: React builds the frame and the first page in slices that
 * yield to the browser every few milliseconds, not in one long task (a blocking first render
 * raised Lighthouse's blocking time on a phone to 180-260 ms).
 */
function mount(): void {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <MantineProvider theme={theme} defaultColorScheme="dark">
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </MantineProvider>
          </QueryClientProvider>
        </trpc.Provider>
      </StrictMode>,
    );
  });
}

// The first page's module before the first render, so it does not suspend (routes.tsx says why);
// in a task of its own after the one that evaluated the site's modules. In that task it made it
// longer by 55-60 ms with the CPU slowed four times, as a phone's (asking for the page's chunk and
// the files it needs, ranking the routes), and a phone's main thread was blocked that much longer
// at once.
setTimeout(() => void loadFirstPage(window.location.pathname).catch(() => undefined).finally(mount), 0);
