import { BOTS } from '../../../bots/index.js';
import { BOT_TYPES, GAME_OPTION_KEYS, DEFAULT_OPTIONS } from '../../../engine/index.js';
import { z } from 'zod';
import { DEV_ONLY_OPTIONS } from '../../services/lobbies.js';
import { CARD_PLAY_SCOPES } from '../../services/card-play.js';
import { refuse } from '../../services/errors.js';
import { cardSetRefusal } from '../../services/services.js';
import { publicProcedure, router } from '../trpc.js';

export const definitionsRouter = router({
  /** The game definitions: cards, tributes, modules (dev-only ones' content for developers); plus bot kinds and options. */
  get: publicProcedure.query(({ ctx }) => {
    const tooMany = cardSetRefusal(ctx.services.requests, ctx.address);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    return {
      ...ctx.services.definitionsFor(ctx.isDev),
      bots: BOT_TYPES.map((type) => ({ type, label: BOTS[type].label, visibility: BOTS[type].visibility })),
      options: GAME_OPTION_KEYS.map((key) => ({ key, default: DEFAULT_OPTIONS[key], devOnly: DEV_ONLY_OPTIONS.includes(key) })),
    };
  }),
  /**
   * How each card plays on this server (the card gallery's figures): counters kept at each game's
   * end, read at most once per scope every 10 s. `people`: games with at least one person; `all`:
   * every game.
   */
  cardPlay: publicProcedure.input(z.object({ scope: z.enum(CARD_PLAY_SCOPES) })).query(({ ctx, input }) => ctx.services.cardPlay.read(input.scope)),
  /**
   * What the site's operator set for every page: the community chat link (COMMUNITY_URL), and
   * which logins are set up (DISCORD_/GOOGLE_CLIENT_ID), so the login page offers only those.
   */
  site: publicProcedure.query(({ ctx }) => ({
    communityURL: ctx.services.config.communityUrl,
    logins: { discord: ctx.services.config.discord !== null, google: ctx.services.config.google !== null },
  })),
});
