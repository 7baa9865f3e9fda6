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
import type { PerMessageDeflateOptions } from 'ws';

export const PER_MESSAGE_DEFLATE: PerMessageDeflateOptions = {
  threshold: 1024,
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
  serverMaxWindowBits: 12,
  zlibDeflateOptions: { level: 1, memLevel: 5 },
};
