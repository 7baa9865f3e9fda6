/**
 * Users: guests, OAuth accounts and the bots' seats. `toPublicUser` is what any client may see.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { BOTS } from '../../bots/index.js';
import type { BotType } from '../../engine/index.js';
import type { Dialect } from '../db/database.js';
import type { Database, UserRow } from '../db/schema.js';
import { botName, lookalikeOf, looksLikeBot } from './name-lookalikes.js';
import { cleanName, providerName, UserError } from './names.js';
import { refuse } from './errors.js';
import { inRunningGame } from './game-store.js';
import { takeFor, type AddressLimit } from './network-limit.js';
import type { Limiter } from './shared-rate-limit.js';
import type { AddressNotes } from './shared-addresses.js';
import { emptyUserStats, userStatsFrom } from '../../engine/user-stats.js';

/**
 * Holds these people's rows until the transaction ends, in id order (as a game's end takes them,
 * so two holders never wait on each other in a circle): a write that changes nothing, which
 * PostgreSQL locks the row for, and SQLite's one writer holds anyway. A count checked against a
 * person's cap and the row that counts are then one step, on every instance.
 */
export async function holdPeople(trx: Transaction<Database>, ids: readonly string[]): Promise<void> {
  for (const id of [...new Set(ids)].sort()) await trx.updateTable('users').set((eb) => ({ name: eb.ref('name') })).where('id', '=', id).execute();
}

/** A user as every client may see them. */
export interface PublicUser {
  id: string;
  name: string;
  profilePictureURL: string | null;
  subtitle: string | null;
  isDev: boolean;
  isBot: boolean;
  canSeeProfile: boolean;
  canChangeName: boolean;
  statsJSON: string;
}

/** The refusal of a rename past the person's lobby changes (each rename moves on every lobby they sit in). */
export const RENAMING_TOO_FAST = 'You are renaming too fast: a rename changes every lobby you are in. Wait a moment.';

export const newUserID = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

/** The PostgreSQL advisory lock on who is called what at a table ("names" in ASCII); no other lock uses it. */
const NAMES_LOCK = 0x6e616d6573;

/** A name a person chose: cleaned, and not one that passes for a bot's. */
function personName(raw: unknown): string {
  const name = cleanName(raw);
  if (looksLikeBot(name)) throw new UserError(`"${name}" looks like a bot's name: choose another.`);
  return name;
}

export class UserService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly devUserIDs: readonly string[],
    private readonly now: () => number,
    /**
     * Guest accounts per address, and per IPv6 /48 (network-limit.ts): fresh guests would otherwise
     * reset every per-user limit, and a /48 is 65,536 addresses.
     */
    private readonly guestLogins: AddressLimit,
    /** Where a sign-in's address is noted (shared-addresses.ts); nowhere without it. */
    private readonly addresses: AddressNotes | null = null,
    /** Told of each rename once it is stored: what shows the old name is sent again (services.ts). */
    private readonly renamed: (userID: string) => Promise<void> = async () => {},
    /**
     * The person's lobby changes (LOBBY_CHANGES_PER_USER, the lobby service's own limiter), of
     * which each rename takes one: it moves on every lobby the person sits in (`renamed`), and was
     * counted only among the address's requests (one account in eleven lobbies made 6,600 lobby
     * changes in 10 s, 60 a second to each lobby's watchers, where a host may make 3). None: not counted.
     */
    private readonly renames: Limiter | null = null,
  ) {}

  isDev(user: Pick<UserRow, 'id' | 'is_dev'>): boolean {
    return user.is_dev === 1 || this.devUserIDs.includes(user.id);
  }

  toPublicUser(user: UserRow): PublicUser {
    return {
      id: user.id,
      name: user.name,
      profilePictureURL: user.profile_picture_url,
      subtitle: user.subtitle,
      isDev: this.isDev(user),
      isBot: user.provider === 'bot',
      canSeeProfile: user.provider !== 'bot',
      canChangeName: user.provider !== 'bot' && user.can_change_name === 1,
      // Complete, whenever it was stored: totals from before a field existed get it too.
      statsJSON: JSON.stringify(userStatsFrom(user.stats_json)),
    };
  }

  async get(id: string): Promise<UserRow | null> {
    return (await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async getMany(ids: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('users').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  }

  async list(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().where('provider', '!=', 'bot').orderBy('created_at', 'desc').execute();
  }

  /** A guest account for someone connecting from `address`. */
  async createGuest(rawName: unknown, address: string): Promise<UserRow> {
    const name = personName(rawName);
    const refused = await takeFor(this.guestLogins, address);
    if (refused) throw refuse('TOO_MANY_REQUESTS', `Too many guest accounts from your ${refused.network ? 'network' : 'address'}. Try again in a few minutes.`);
    const user = await this.insert({ name, provider: 'guest', providerID: null, picture: null });
    await this.addresses?.note(user.id, address);
    return user;
  }

  /** The user of an OAuth account, created on first login; every sign-in notes its address. */
  async upsertOAuth(provider: 'discord' | 'google', providerID: string, name: string, picture: string | null, address: string): Promise<UserRow> {
    const existing = await this.db
      .selectFrom('users')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_id', '=', providerID)
      .executeTakeFirst();
    // The provider's name is not refused, but one that would pass for a bot's is not kept either.
    const cleaned = providerName(name, provider);
    const user = existing ?? (await this.insert({ name: looksLikeBot(cleaned) ? provider : cleaned, provider, providerID, picture }));
    await this.addresses?.note(user.id, address);
    return user;
  }

  /**
   * A fresh user for a bot's seat, named after its kind and the first number from `number` on
   * that looks like none of the names `besides` (the lobby's: a bot removed leaves its number
   * free, so counting bots alone could name two alike). In the caller's transaction, if given.
   */
  async createBot(botType: BotType, number: number, db: Kysely<Database> = this.db, besides: readonly string[] = []): Promise<UserRow> {
    let n = number;
    while (lookalikeOf(botName(BOTS[botType].label, n), besides) !== null) n++;
    return this.insert({ name: botName(BOTS[botType].label, n), provider: 'bot', providerID: null, picture: null, botType }, db);
  }

  /**
   * A person's name as stored now, in the caller's transaction, holding their row until it ends:
   * a rename under way (here or on another instance) is waited for, and one that comes after
   * waits, then sees what the transaction wrote (a seat taken). Without it, a join read the name
   * of the request's start while the person's other tab renamed them to someone seated there.
   * It first holds the names lock shared (`holdNames`), so no one else's rename runs meanwhile
   * either: the names of those seated, read after it, are the latest.
   */
  async heldName(id: string, trx: Transaction<Database>): Promise<string> {
    await this.holdNames(trx, 'shared');
    const row = await trx.updateTable('users').set((eb) => ({ name: eb.ref('name') })).where('id', '=', id).returning('name').executeTakeFirst();
    if (!row) throw refuse('NOT_FOUND', 'Your account was not found.');
    return row.name;
  }

  /**
   * On PostgreSQL, one advisory lock for the transaction's length: exclusive for a rename, shared
   * for a lobby join's check of names. Each checks names it read against a name it writes; under
   * READ COMMITTED neither sees what the other has not committed, so Ann renaming to "Cara" and Bob,
   * seated with her, to "cara" at once both passed, and so did Ann's rename with Cara's join to her
   * lobby. Row locks cannot stop that (each writes a different row), and locking the companions'
   * rows would deadlock two renames that lock each other's. One lock taken first, before any row,
   * cannot deadlock: renames wait for one another and for joins under way, then read what they
   * committed; joins never wait for one another. Renames are rare and short, so one lock for the
   * whole site costs little. SQLite needs none: its transactions run one at a time.
   */
  private async holdNames(trx: Transaction<Database>, mode: 'exclusive' | 'shared'): Promise<void> {
    if (this.dialect !== 'postgres') return;
    if (mode === 'exclusive') await sql`SELECT pg_advisory_xact_lock(${sql.lit(NAMES_LOCK)})`.execute(trx);
    else await sql`SELECT pg_advisory_xact_lock_shared(${sql.lit(NAMES_LOCK)})`.execute(trx);
  }

  /** The names of these users (in the caller's transaction, if given). */
  async namesOf(ids: readonly string[], db: Kysely<Database> = this.db): Promise<string[]> {
    if (ids.length === 0) return [];
    return (await db.selectFrom('users').select('name').where('id', 'in', [...new Set(ids)]).execute()).map((row) => row.name);
  }

  /**
   * A new name for a person. It must not look like the name of anyone they sit with, in an open
   * lobby or an unfinished game: each would be two lookalikes at one table.
   */
  async rename(user: UserRow, rawName: unknown): Promise<UserRow> {
    if (!this.toPublicUser(user).canChangeName) throw new UserError('You cannot change your name.');
    const name = personName(rawName);
    if (this.renames && !(await this.renames.take(user.id))) throw refuse('TOO_MANY_REQUESTS', RENAMING_TOO_FAST);
    // Written first, then checked in the same transaction, under the names lock: a lobby join
    // (which reads names through `heldName`) or another rename at once comes wholly before or
    // after this one, and one of the two sees the other.
    await this.db.transaction().execute(async (trx) => {
      await this.holdNames(trx, 'exclusive');
      await trx.updateTable('users').set({ name }).where('id', '=', user.id).execute();
      const clash = lookalikeOf(name, await this.companionNames(user.id, trx));
      if (clash !== null) throw new UserError(`Someone in a lobby or game with you is already called "${clash}": choose another name.`);
    });
    await this.renamed(user.id);
    return { ...user, name };
  }

  /** The names of everyone else in the user's open lobbies and unfinished games. */
  private async companionNames(userID: string, db: Kysely<Database>): Promise<string[]> {
    const [inLobbies, inGames] = await Promise.all([
      db
        .selectFrom('lobby_players as mine')
        .innerJoin('lobbies', 'lobbies.id', 'mine.lobby_id')
        .innerJoin('lobby_players as theirs', 'theirs.lobby_id', 'mine.lobby_id')
        .innerJoin('users', 'users.id', 'theirs.user_id')
        .select('users.name')
        .where('mine.user_id', '=', userID)
        .where('lobbies.game_id', 'is', null)
        .where('theirs.user_id', '!=', userID)
        .execute(),
      db
        .selectFrom('game_players as mine')
        .innerJoin('games', 'games.id', 'mine.game_id')
        .innerJoin('game_players as theirs', 'theirs.game_id', 'mine.game_id')
        .innerJoin('users', 'users.id', 'theirs.user_id')
        .select('users.name')
        .where('mine.user_id', '=', userID)
        .where(inRunningGame('mine'))
        .where('theirs.user_id', '!=', userID)
        .execute(),
    ]);
    return [...inLobbies, ...inGames].map((row) => row.name);
  }

  async makeDev(id: string): Promise<boolean> {
    const result = await this.db.updateTable('users').set({ is_dev: 1 }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async insert(
    fields: { name: string; provider: string; providerID: string | null; picture: string | null; botType?: BotType },
    db: Kysely<Database> = this.db,
  ): Promise<UserRow> {
    const row: UserRow = {
      id: newUserID(fields.provider === 'bot' ? 'bot' : 'u'),
      name: fields.name,
      provider: fields.provider,
      provider_id: fields.providerID,
      profile_picture_url: fields.picture,
      subtitle: null,
      is_dev: 0,
      can_change_name: 1,
      bot_type: fields.botType ?? null,
      stats_json: JSON.stringify(emptyUserStats()),
      created_at: this.now(),
    };
    await db.insertInto('users').values(row).execute();
    return row;
  }
}
