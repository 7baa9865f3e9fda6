/**
 * Rematch: at the end of a game, the same table in a new lobby in one click. The first of the
 * game's people to ask opens a lobby (as its host) with the game's lobby's settings (options,
 * modules, turn timer) and the same bots, through the lobby service's own steps; the game's other
 * people are offered that lobby to join. One rematch lobby per game (`rematches`, keyed by the
 * game): of two people asking at once, the second is given the first's lobby, and the one it
 * opened meanwhile is closed. Any of the others may decline it instead (`rematch_declines`, kept
 * per game): their view stops offering it, and the lobby's view tells its host.
 */
import type { Kysely } from 'kysely';
import { commitmentOf, DEFAULT_OPTIONS, GAME_OPTION_KEYS, type GameOptions, type ModuleKey } from '../../engine/index.js';
import type { Bus } from '../bus/bus.js';
import type { Database, UserRow } from '../db/schema.js';
import { gameNotFound, refuse, ServiceError } from './errors.js';
import { lobbyTopic, type LobbyService } from './lobbies.js';
import { lobbyModules, lobbyOptions, seatBotType } from './lobby-rows.js';

export const rematchTopic = (gameID: string) => `rematch/${gameID}` as const;

/** The rematch lobby of a finished game, as its people see it. */
export interface RematchOffer {
  lobbyID: string;
  /** Who opened it. */
  hostID: string;
  /** Whether the lobby is still open (its game not started). */
  open: boolean;
  /** The game's people who declined it, oldest first (never its host). */
  declined: string[];
  /**
   * The lobby's commitment to its server secret (null once the lobby is gone): whoever joins it
   * from the game's end keeps it as the first seen before their seat's value for the dice goes.
   */
  serverSecretCommitment: string | null;
}

interface OfferWatcher {
  listener: (offer: RematchOffer | null) => void;
  onError: (error: unknown) => void;
}

/** A game's offer, followed once for all its watchers; `last` is what they were last told. */
interface SharedOffer {
  watchers: Set<OfferWatcher>;
  last: { offer: RematchOffer | null } | null;
  stop: () => void;
}

/**
 * One setting of the old table copied into a rematch, unless it is one the person who asked may
 * not set (a developer's option, module or bot, or a module since made unavailable): that stays
 * with the old table, and the rest is copied. A developer's table rematched by another player was
 * refused whole ("Only developers can change prerollDice.").
 */
async function allowed(copy: Promise<void>): Promise<void> {
  try {
    await copy;
  } catch (error) {
    if (!(error instanceof ServiceError && error.kind === 'FORBIDDEN')) throw error;
  }
}

export class RematchService {
  /**
   * One follow of each watched game's offer, shared by all its watchers: anyone may watch any
   * game's offer, and a thousand watchers each reading it again at every change of the lobby
   * offered (its host toggling an option) held the event loop.
   */
  private readonly watched = new Map<string, SharedOffer>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: Bus,
    private readonly lobbies: LobbyService,
    private readonly now: () => number,
  ) {}

  /** The game's rematch lobby, or null if nobody asked for one yet. */
  async offer(gameID: string): Promise<RematchOffer | null> {
    const row = await this.db
      .selectFrom('rematches')
      .leftJoin('lobbies', 'lobbies.id', 'rematches.lobby_id')
      .select(['rematches.lobby_id', 'rematches.created_by', 'lobbies.game_id', 'lobbies.id as lobby', 'lobbies.seed_secret'])
      .where('rematches.game_id', '=', gameID)
      .executeTakeFirst();
    if (!row) return null;
    const declines = await this.db.selectFrom('rematch_declines').select('user_id').where('game_id', '=', gameID).orderBy('declined_at').orderBy('user_id').execute();
    return {
      lobbyID: row.lobby_id,
      hostID: row.created_by,
      open: row.lobby !== null && row.game_id === null,
      declined: declines.map((d) => d.user_id).filter((id) => id !== row.created_by),
      serverSecretCommitment: row.seed_secret ? commitmentOf(row.seed_secret) : null,
    };
  }

  /**
   * Calls `listener` with the game's offer now, then each time it changes: a rematch lobby opened,
   * or the one offered started its game or closed (so nobody is offered a lobby they can no longer
   * join). Answers the function that stops it. Watchers of the same game share one follow.
   */
  watch(gameID: string, listener: (offer: RematchOffer | null) => void, onError: (error: unknown) => void): () => void {
    let shared = this.watched.get(gameID);
    if (shared) {
      if (shared.last) listener(shared.last.offer);
    } else {
      const watchers = new Set<OfferWatcher>();
      const made: SharedOffer = { watchers, last: null, stop: () => undefined };
      made.stop = this.follow(
        gameID,
        (offer) => {
          made.last = { offer };
          for (const watcher of [...watchers]) watcher.listener(offer);
        },
        (error) => [...watchers].forEach((watcher) => watcher.onError(error)),
      );
      this.watched.set(gameID, made);
      shared = made;
    }
    const held = shared;
    const watcher: OfferWatcher = { listener, onError };
    held.watchers.add(watcher);
    return () => {
      if (!held.watchers.delete(watcher) || held.watchers.size > 0) return;
      held.stop();
      if (this.watched.get(gameID) === held) this.watched.delete(gameID);
    };
  }

  /**
   * Follows the game's offer: `listener` with it now and after each change. It follows the offered
   * lobby's own topic, moving as the offer moves.
   */
  private follow(gameID: string, listener: (offer: RematchOffer | null) => void, onError: (error: unknown) => void): () => void {
    let followed: { lobbyID: string; off: () => void } | null = null;
    let stopped = false;
    let sent: string | null = null;
    // One read at a time; a change that comes during one is read after it (one more read covers any number of changes).
    let reading: Promise<void> | null = null;
    let again = false;
    const read = (): void => {
      if (reading) {
        again = true;
        return;
      }
      reading = (async () => {
        do {
          again = false;
          const offer = await this.offer(gameID);
          if (stopped) return;
          const lobbyID = offer?.open ? offer.lobbyID : null;
          if ((followed?.lobbyID ?? null) !== lobbyID) {
            followed?.off();
            followed = lobbyID === null ? null : { lobbyID, off: this.bus.subscribe(lobbyTopic(lobbyID), read) };
          }
          // A lobby's every change (a join, an option) wakes this; only a different offer is sent.
          const shown = JSON.stringify(offer);
          if (shown !== sent) {
            sent = shown;
            listener(offer);
          }
        } while (again && !stopped);
      })()
        .catch(onError)
        .finally(() => {
          reading = null;
        });
    };
    const offRematch = this.bus.subscribe(rematchTopic(gameID), read);
    read();
    return () => {
      stopped = true;
      offRematch();
      followed?.off();
    };
  }

  /**
   * Declines the game's open rematch: only one of the game's people who neither opened it nor
   * joined its lobby. A second decline changes nothing (and is not refused, even once the offer
   * is gone). Tells the offer's watchers and the lobby's (its host waits there).
   */
  async decline(gameID: string, user: UserRow): Promise<void> {
    const game = await this.db.selectFrom('games').select('id').where('id', '=', gameID).executeTakeFirst();
    if (!game) throw gameNotFound(gameID);
    const seat = await this.db.selectFrom('game_players').select('seat').where('game_id', '=', gameID).where('user_id', '=', user.id).where('bot_type', 'is', null).executeTakeFirst();
    if (!seat) throw refuse('FORBIDDEN', 'Only the people who played this game can decline a rematch.');
    const before = await this.db.selectFrom('rematch_declines').select('user_id').where('game_id', '=', gameID).where('user_id', '=', user.id).executeTakeFirst();
    if (before) return;
    const offer = await this.offer(gameID);
    if (!offer?.open) throw refuse('CONFLICT', 'There is no rematch to decline.');
    if (offer.hostID === user.id) throw refuse('CONFLICT', 'You opened this rematch: leave its lobby to call it off.');
    const joined = await this.db.selectFrom('lobby_players').select('seat').where('lobby_id', '=', offer.lobbyID).where('user_id', '=', user.id).executeTakeFirst();
    if (joined) throw refuse('CONFLICT', 'You joined this rematch: leave its lobby instead.');
    const inserted = await this.db
      .insertInto('rematch_declines')
      .values({ game_id: gameID, user_id: user.id, declined_at: this.now() })
      .onConflict((oc) => oc.columns(['game_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await this.lobbies.gameChanged(offer.lobbyID);
    await this.bus.publish(rematchTopic(gameID), {});
  }

  /**
   * Opens the game's rematch lobby, or gives the one already opened. Only the game's people, once it
   * ended. `address`: where the person asked from (its lobbies opened count against LOBBIES_PER_ADDRESS).
   */
  async create(gameID: string, user: UserRow, address?: string): Promise<{ lobbyID: string; created: boolean; serverSecretCommitment: string | null }> {
    const game = await this.db.selectFrom('games').select(['id', 'lobby_id', 'end_timestamp']).where('id', '=', gameID).executeTakeFirst();
    if (!game) throw gameNotFound(gameID);
    const seats = await this.db.selectFrom('game_players').select(['user_id', 'bot_type', 'seat']).where('game_id', '=', gameID).orderBy('seat').execute();
    if (!seats.some((s) => s.user_id === user.id && s.bot_type === null)) throw refuse('FORBIDDEN', 'Only the people who played this game can ask for a rematch.');
    if (game.end_timestamp === null) throw refuse('CONFLICT', 'The game has not ended yet.');
    const existing = await this.offer(gameID);
    if (existing) {
      if (existing.open) return { lobbyID: existing.lobbyID, created: false, serverSecretCommitment: existing.serverSecretCommitment };
      // It closed (its people all left, or it was left behind), or started its game (whether or
      // not this person plays in it): the next to ask opens another. So a press that comes with
      // the host's Start is given that lobby or opens a new one, as it falls before or after it.
      await this.db.deleteFrom('rematches').where('game_id', '=', gameID).where('lobby_id', '=', existing.lobbyID).execute();
    }
    const old = game.lobby_id === null ? undefined : await this.db.selectFrom('lobbies').selectAll().where('id', '=', game.lobby_id).executeTakeFirst();
    const options: GameOptions = old ? lobbyOptions(old.options_json) : { ...DEFAULT_OPTIONS };
    const modules: ModuleKey[] = old ? lobbyModules(old.modules_json) : [];

    // The press counts as one of the person's lobby changes; the copy of the old table is the
    // server's (counted, seven bots and a few options took a rematch past the limit partway).
    const { id: lobbyID, serverSecretCommitment } = await this.lobbies.create(user, 'person', address);
    try {
      for (const key of GAME_OPTION_KEYS) if (options[key] !== DEFAULT_OPTIONS[key]) await allowed(this.lobbies.setOption(lobbyID, user, key, options[key], 'server'));
      for (const key of modules) await allowed(this.lobbies.setModule(lobbyID, user, key, true, 'server'));
      if (old && old.turn_timer !== 'auto') await this.lobbies.setTurnTimer(lobbyID, user, old.turn_timer, 'server');
      if (old && old.turn_pace !== 'normal') await this.lobbies.setTurnPace(lobbyID, user, old.turn_pace, 'server');
      if (old && Number(old.show_odds) === 1) await this.lobbies.setShowOdds(lobbyID, user, true, 'server');
      for (const seat of seats) {
        const bot = seatBotType(seat.bot_type);
        if (bot !== null) await allowed(this.lobbies.addBot(lobbyID, user, bot, 'server'));
      }
    } catch (error) {
      await this.lobbies.removePlayer(lobbyID, user, user.id, 'server').catch(() => undefined);
      throw error;
    }
    const inserted = await this.db
      .insertInto('rematches')
      .values({ game_id: gameID, lobby_id: lobbyID, created_by: user.id, created_at: this.now() })
      .onConflict((oc) => oc.column('game_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      // Someone else's came first: theirs is the rematch, and this one closes.
      await this.lobbies.removePlayer(lobbyID, user, user.id, 'server').catch(() => undefined);
      const first = await this.offer(gameID);
      return { lobbyID: first!.lobbyID, created: false, serverSecretCommitment: first!.serverSecretCommitment };
    }
    await this.bus.publish(rematchTopic(gameID), {});
    return { lobbyID, created: true, serverSecretCommitment };
  }
}
