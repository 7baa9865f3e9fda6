import { onTopic } from '../bus-iterator.js';
import { lobbyUnreadInput, markReadInput, readMarksInput, roomInput, sendChatInput } from '../schemas.js';
import { authedProcedure, router } from '../trpc.js';
import { chatTopic, type ChatMessage } from '../../services/chat.js';
import { refuse } from '../../services/errors.js';
import { unreadCountRefusal } from '../../services/services.js';

export const chatRouter = router({
  history: authedProcedure.input(roomInput).query(({ ctx, input }) => ctx.services.chat.history(input.room, ctx.user)),
  /** The lobby list's unread marks: by lobby, how many messages others wrote after the caller's newest read (none: left out). */
  lobbyUnread: authedProcedure.input(lobbyUnreadInput).query(({ ctx, input }) => {
    // Many lobbies count for more than one request (services.ts, unreadCountRefusal), before they are counted.
    const tooMany = unreadCountRefusal(ctx.services.requests, ctx.address, new Set(input.lobbies.map((l) => l.lobbyID)).size);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    return ctx.services.chat.lobbyUnread(ctx.user, input.lobbies);
  }),
  /** How far the caller read each room, as the server kept it (chat.markRead), by room; rooms never marked left out. */
  readMarks: authedProcedure.input(readMarksInput).query(({ ctx, input }) => ctx.services.chat.readMarks(ctx.user, input.rooms)),
  /** The caller read a room up to a message's `createdAt`: their other browsers and devices count nothing before it as unread. */
  markRead: authedProcedure.input(markReadInput).mutation(({ ctx, input }) => ctx.services.chat.markRead(ctx.user, input.room, input.upTo)),
  send: authedProcedure.input(sendChatInput).mutation(({ ctx, input }) => ctx.services.chat.send(ctx.user, input.room, input.message, ctx.address)),
  onRoom: authedProcedure.input(roomInput).subscription(async function* ({ ctx, input, signal }) {
    // Listen first: a message sent once the client is told the subscription started is not lost.
    const messages = onTopic(ctx.services.bus, chatTopic(input.room), signal);
    try {
      await ctx.services.chat.checkRoom(input.room, ctx.user);
      for await (const message of messages) yield message as ChatMessage;
    } finally {
      messages.close();
    }
  }),
});
