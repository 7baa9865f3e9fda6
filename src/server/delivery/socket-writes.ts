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

/**
 * The sockets corked in this turn, all uncorked by one check-phase callback: a step's update goes
 * to every watcher's socket in the same turn, and a callback each was an Immediate object for
 * each socket for each step.
 */
let corked: Socket[] = [];

function uncorkAll(): void {
  const sockets = corked;
  corked = [];
  for (const tcp of sockets) tcp.uncork();
}

export function coalesceWrites(socket: WebSocket): void {
  const tcp = (socket as unknown as WithTcpSocket)._socket;
  if (!tcp || coalesced.has(socket)) return;
  coalesced.add(socket);
  const send = socket.send.bind(socket);
  socket.send = ((...args: Parameters<WebSocket['send']>) => {
    // A corked socket counts its corks: corked once a turn, it is uncorked once.
    if (tcp.writableCorked === 0 && !tcp.destroyed) {
      if (corked.length === 0) setImmediate(uncorkAll);
      corked.push(tcp);
      tcp.cork();
    }
    send(...args);
  }) as WebSocket['send'];
}

/** Every socket the server accepts (tRPC's and /channel's alike). */
export function coalesceServerWrites(server: WebSocketServer): void {
  server.on('connection', (socket: WebSocket) => coalesceWrites(socket));
}
