/**
 * What a player sends while the connection is down is not held back without a word: a chat
 * message says it was not sent (its words back in the box), a press of Play now that it did not
 * reach the server, to send again once the connection is back. Held back (the query library's way
 * while the browser is offline), a chat message left the box, was shown nowhere and went only when
 * the drop was over, or never if the page was closed meanwhile; Play now's button spun with no
 * word. The real tRPC client and query library, over a link that answers as a network gone does.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCReact } from '@trpc/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test, vi } from 'vitest';
import type { AppRouter } from '../../../src/server/trpc/router.js';
import { theme } from '../../../src/web/theme.js';

vi.mock('../../../src/web/lib/trpc.js', () => ({ trpc: createTRPCReact<AppRouter>() }));

const { trpc } = await import('../../../src/web/lib/trpc.js');
const { ChatRoomProvider, CHAT_UNSENT_MESSAGE, useChatRoom } = await import('../../../src/web/chat/chat-room.js');
const { ChatRoomView } = await import('../../../src/web/chat/chat-room-view.js');
const { PlayNow, PLAY_NOW_UNSENT_MESSAGE } = await import('../../../src/web/pages/play-now.js');

const sent: string[] = [];

/** The session and an empty history answer; a subscription never sends; whatever is sent meets a network that is gone. */
const link: TRPCLink<AppRouter> = () => ({ op }) =>
  observable((observer) => {
    if (op.type === 'subscription') return;
    if (op.type === 'mutation') {
      sent.push(op.path);
      observer.error(TRPCClientError.from(new TypeError('Failed to fetch')));
      return;
    }
    const data = op.path === 'session.me' ? { id: 'u_ann', name: 'Ann' } : [];
    observer.next({ result: { type: 'data', data } });
    observer.complete();
  });

function withClient(children: ReactNode) {
  const queryClient = new QueryClient();
  const client = trpc.createClient({ links: [link] });
  return render(
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <trpc.Provider client={client} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </trpc.Provider>
      </MemoryRouter>
    </MantineProvider>,
  );
}

function Chat() {
  const room = useChatRoom();
  return room ? <ChatRoomView room={room} /> : null;
}

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  sent.length = 0;
});

test('a chat message sent offline says it was not sent, and its words go back in the box', async () => {
  withClient(
    <ChatRoomProvider room="game/g_1" title="Game Chat">
      <Chat />
    </ChatRoomProvider>,
  );
  const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLInputElement;
  // The browser says it is offline: the query library would hold the message back until it is not.
  onlineManager.setOnline(false);
  fireEvent.change(box, { target: { value: 'brb, my train is in a tunnel' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
  expect((await screen.findByRole('alert')).textContent).toBe(CHAT_UNSENT_MESSAGE);
  expect(box.value).toBe('brb, my train is in a tunnel');
  expect(sent).toEqual(['chat.send']);
});

test('Play now pressed offline says it did not reach the server, and can be pressed again', async () => {
  withClient(<PlayNow />);
  onlineManager.setOnline(false);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Play now' })));
  expect((await screen.findByRole('alert')).textContent).toContain(PLAY_NOW_UNSENT_MESSAGE);
  expect(sent).toEqual(['lobbies.playNow.join']);
  expect((screen.getByRole('button', { name: 'Play now' }) as HTMLButtonElement).disabled).toBe(false);
});
