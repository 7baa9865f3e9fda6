/**
 * Users: guests, OAuth accounts and the bots' seats. `toPublicUser` is what any client may see.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BOTS } from '../../bots/index.js';
import type { BotType } from '../../engine/index.js';
import type { Database, UserRow } from '../db/schema.js';
import { cleanName, MAX_NAME_LENGTH, providerName, UserError } from './names.js';
import { refuse } from './errors.js';
import type { RateLimit } from './rate-limit.js';
import { emptyUserStats, userStatsFrom } from '../../engine/user-stats.js';

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

export const newUserID = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

export class UserService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly devUserIDs: readonly string[],
    private readonly now: () => number,
    /** Guest accounts per address: fresh guests would otherwise reset every per-user limit. */
    private readonly guestLogins: RateLimit,
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
    const name = cleanName(rawName);
    if (!this.guestLogins.take(address)) throw refuse('TOO_MANY_REQUESTS', 'Too many guest accounts from your address. Try again in a few minutes.');
    return this.insert({ name, provider: 'guest', providerID: null, picture: null });
  }

  /** The user of an OAuth account, created on first login. */
  async upsertOAuth(provider: 'discord' | 'google', providerID: string, name: string, picture: string | null): Promise<UserRow> {
    const existing = await this.db
      .selectFrom('users')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_id', '=', providerID)
      .executeTakeFirst();
    if (existing) return existing;
    return this.insert({ name: providerName(name, provider), provider, providerID, picture });
  }

  /** A fresh user for a bot's seat, named after its kind (in the caller's transaction, if given). */
  async createBot(botType: BotType, seatNumber: number, db: Kysely<Database> = this.db): Promise<UserRow> {
    return this.insert({ name: `${BOTS[botType].label.slice(0, 9).trimEnd()} ${seatNumber}`.slice(0, MAX_NAME_LENGTH), provider: 'bot', providerID: null, picture: null, botType }, db);
  }

  async rename(user: UserRow, rawName: unknown): Promise<UserRow> {
    if (!this.toPublicUser(user).canChangeName) throw new UserError('You cannot change your name.');
    const name = cleanName(rawName);
    await this.db.updateTable('users').set({ name }).where('id', '=', user.id).execute();
    return { ...user, name };
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
