/**
 * One write per websocket per event-loop turn. ws writes every message as its own `writev`
 * (it corks the socket only around one frame's header and payload), and under load those
 * syscalls were 14% of the server's CPU. Corking the TCP socket at a turn's first send and
 * uncorking it in that turn's check phase (setImmediate) lets Node flush everything the turn
 * sent to that socket in one `writev`: an acknowledgement and the update it caused, or several
 * games' updates. The added delay is the rest of the current turn, nothing more.
 */
import type { Socket } from 'node:net';
import type { WebSocket, WebSocketServer } from 'ws';

/** ws keeps the TCP socket in a field its types do not declare. */
interface WithTcpSocket {
  _socket?: Socket;
}

const coalesced = new WeakSet<WebSocket>();

export function coalesceWrites(socket: WebSocket): void {
  const tcp = (socket as unknown as WithTcpSocket)._socket;
  if (!tcp || coalesced.has(socket)) return;
  coalesced.add(socket);
  const send = socket.send.bind(socket);
  let corked = false;
  const uncork = () => {
    corked = false;
    tcp.uncork();
  };
  socket.send = ((...args: Parameters<WebSocket['send']>) => {
    if (!corked && !tcp.destroyed) {
      corked = true;
      tcp.cork();
      setImmediate(uncork);
    }
    send(...args);
  }) as WebSocket['send'];
}

/** Every socket the server accepts (tRPC's and /channel's alike). */
export function coalesceServerWrites(server: WebSocketServer): void {
  server.on('connection', (socket: WebSocket) => coalesceWrites(socket));
}
