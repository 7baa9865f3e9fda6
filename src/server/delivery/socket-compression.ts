/**
 * WebSocket's permessage-deflate (RFC 7692), as ws offers it: every browser asks for it, and a
 * viewer then receives a game step in a third of the bytes (bench/game-delivery.ts: 1,893 bytes a
 * step on average as JSON, 602 as sent; the 95th percentile 8,314 and 1,395). WS_COMPRESSION=off
 * sends everything as it is, for a server that is short of CPU rather than of bandwidth.
 *
 * - **No context kept between messages**, either way. A context carried over compresses further
 *   (292 bytes), but then a message's length depends on what came before it on the socket: a
 *   player's hidden cards and bid would share a window with what others write (their names, their
 *   chat), the setting that lets an eavesdropper who sees only lengths test guesses (CRIME). Each
 *   message deflated on its own leaks nothing another did not.
 * - **A small window and level 1**: a connection keeps its zlib state, so the memory of one socket
 *   counts a thousand times (a 12-bit window and memLevel 5: zlib's deflate state is 32 KB, against
 *   256 KB at its defaults, for the same bytes on these messages; measured, a thousand sockets
 *   still hold about 170 MB more with compression on); level 1 costs least CPU, and level 6 bought
 *   10% fewer bytes for 15-45% more CPU.
 * - **Messages under 1,024 bytes go as they are** (ws's own default): most steps are a few hundred
 *   bytes of patch, and deflating every message cost the server 0.4 ms of CPU a move (0.91 and
 *   1.06 ms against 0.55 and 0.62 without, bench/server-load.ts). Deflating only the large ones (a
 *   new turn, a whole game) keeps nearly all of the saving (602 bytes a step on average, against 426
 *   for every message) for 0.29 ms a move.
 * - ws inflates what a client sends within the same `maxPayload` as an uncompressed message, so a
 *   small compressed message cannot unfold into a large one.
 */
import zlib from 'node:zlib';
import type { PerMessageDeflateOptions, WebSocket, WebSocketServer } from 'ws';

export const PER_MESSAGE_DEFLATE: PerMessageDeflateOptions = {
  threshold: 1024,
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
  serverMaxWindowBits: 12,
  zlibDeflateOptions: { level: 1, memLevel: 5 },
};

type Compressed = (error: Error | null, data?: Buffer) => void;

/** The parts of ws's PerMessageDeflate (its `permessage-deflate` extension of one socket) used here. */
interface SocketDeflate {
  params: Record<string, unknown>;
  _options: PerMessageDeflateOptions;
  /** ws's own stream, kept by the socket: set only while ws is deflating a fragmented message. */
  _deflate: zlib.DeflateRaw | null;
  _compress(data: Buffer | string, fin: boolean, callback: Compressed): void;
}

/**
 * Deflate streams shared by every socket, which only works because no context is kept between
 * messages: a stream reset after a message holds nothing of it.
 *
 * ws keeps a deflate stream for each socket from its first deflated message until it closes, and
 * with no context takeover only resets it after each message. Node's zlib (Chromium's) gives every
 * deflate stream a 64 KB hash table whatever memLevel says, and each stream has its own 16 KB output
 * buffer: about 114 KB a socket at these settings, 114 MB for a thousand sockets that each once
 * received a large message. Yet ws deflates at most 10 messages at once in the whole process (its
 * `concurrencyLimit`, one limiter for every socket), so a handful of streams serve them all: each
 * message borrows one, and gives it back reset. The bytes are the same as ws's own: the same zlib
 * options and window, a sync flush, and its 4 trailing bytes dropped (RFC 7692 7.2.1).
 */
export class DeflatePool {
  private readonly idle = new Map<number, zlib.DeflateRaw[]>();
  /** Streams in existence, lent or idle (for tests). */
  created = 0;

  constructor(
    private readonly options: zlib.ZlibOptions,
    /** Idle streams kept for each window size; one returned beyond this is closed. */
    private readonly maxIdle = 10,
  ) {}

  deflate(data: Buffer | string, windowBits: number, callback: Compressed): void {
    const stream = this.idle.get(windowBits)?.pop() ?? this.create(windowBits);
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    };
    const onError = (error: Error) => {
      // zlib closes a stream that failed: it is not lent again.
      stream.removeListener('data', onData);
      this.created--;
      callback(error);
    };
    stream.on('data', onData);
    stream.once('error', onError);
    stream.write(data);
    stream.flush(zlib.constants.Z_SYNC_FLUSH, () => {
      stream.removeListener('data', onData);
      stream.removeListener('error', onError);
      const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
      stream.reset();
      this.giveBack(stream, windowBits);
      callback(null, all.subarray(0, all.length - 4));
    });
  }

  private create(windowBits: number): zlib.DeflateRaw {
    this.created++;
    return zlib.createDeflateRaw({ ...this.options, windowBits });
  }

  private giveBack(stream: zlib.DeflateRaw, windowBits: number): void {
    let idle = this.idle.get(windowBits);
    if (!idle) this.idle.set(windowBits, (idle = []));
    if (idle.length < this.maxIdle) idle.push(stream);
    else {
      this.created--;
      stream.close();
    }
  }
}

/** ws keeps a socket's negotiated extensions in a field its types do not declare. */
interface WithExtensions {
  _extensions?: Record<string, SocketDeflate | undefined>;
}

/**
 * Makes a socket deflate its messages with the pool's streams instead of one of its own, when it
 * agreed to deflate them with no context between messages. A fragment of a message that goes on
 * (never sent by this server: tRPC sends each message whole) is left to ws, with its own stream.
 */
export function deflateFromPool(socket: WebSocket, pool: DeflatePool): void {
  // ws's own fields, not its exported API: when a version of ws no longer has them, the socket
  // keeps ws's own stream (as with MYTHOS_WS_DEFLATE_POOL=off) rather than failing.
  const extension = (socket as unknown as WithExtensions)._extensions?.['permessage-deflate'];
  if (!extension || typeof extension._compress !== 'function' || extension.params?.server_no_context_takeover !== true) return;
  const own = extension._compress.bind(extension);
  const bits = extension.params.server_max_window_bits;
  const windowBits = typeof bits === 'number' ? bits : zlib.constants.Z_DEFAULT_WINDOWBITS;
  extension._compress = (data, fin, callback) => {
    if (!fin || extension._deflate) return own(data, fin, callback);
    pool.deflate(data, windowBits, callback);
  };
}

/** Every socket the server accepts (tRPC's and /channel's alike), from one pool a server. */
export function deflateServerFromPool(server: WebSocketServer, options: PerMessageDeflateOptions = PER_MESSAGE_DEFLATE): DeflatePool {
  const pool = new DeflatePool((options.zlibDeflateOptions ?? {}) as zlib.ZlibOptions);
  server.on('connection', (socket: WebSocket) => deflateFromPool(socket, pool));
  return pool;
}
