/**
 * How cards play on this server, for the card gallery: per card and scope, the counts of
 * engine/card-play.ts summed over finished games. They are added to in the transaction that saves
 * a game's end (game-store.ts `recordStats`), so a page view reads one small table, never the
 * games; and the read is cached for a few seconds per scope.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { cardPlayCounts, cardPlayFigures, cardPlayRecord, MIN_GAMES, type CardPlayFigures } from '../../engine/card-play.js';
import type { Game, GameDefinitions } from '../../engine/index.js';
import type { Database } from '../db/schema.js';

/**
 * Whether a game's cards count in the gallery's figures: not when one of its modules replaces core
 * cards under their own ids (the developers' "No Upgrades"), whose play would be read as the core
 * cards' own; nor when one is a developer module. The figures go to anyone, signed in or not, and
 * a developer module's cards are the developers' alone (definitions-view.ts): counted, a game of
 * one that adds cards showed everyone their ids and how each played. Modules open to everyone that
 * only add cards count: their cards have ids of their own.
 */
export function countsInGallery(definitions: Pick<GameDefinitions, 'modules'>, modules: readonly string[]): boolean {
  return !definitions.modules.some((m) => modules.includes(m.key) && (m.replaceCore.length > 0 || m.state === 'devOnly'));
}

/** 'people': games with at least one person seated; 'all': every game. */
export const CARD_PLAY_SCOPES = ['people', 'all'] as const;
export type CardPlayScope = (typeof CARD_PLAY_SCOPES)[number];

/**
 * Adds a finished game's counts, in the caller's transaction. One statement: an upsert per card
 * that adds to the stored counts (`ON CONFLICT ... DO UPDATE`, which locks each row on
 * PostgreSQL, so two endings at once both count). Rows go in (scope, card) order, so two endings
 * lock shared rows in one order and cannot deadlock.
 */
export async function recordCardPlay(trx: Transaction<Database>, game: Game): Promise<void> {
  const counts = cardPlayCounts(cardPlayRecord(game));
  if (counts.size === 0) return;
  const scopes: CardPlayScope[] = game.players.some((p) => p.botType === null) ? ['all', 'people'] : ['all'];
  const ids = [...counts.keys()].sort((a, b) => a - b);
  const rows = scopes.flatMap((scope) =>
    ids.map((card_id) => {
      const c = counts.get(card_id)!;
      return { scope, card_id, offered: c.offered, picked: c.picked, gained_games: c.gainedGames, gains: c.gains, win_share: c.winShare, favor: c.favor, favor_squares: c.favorSquares };
    }),
  );
  const added = (column: 'offered' | 'picked' | 'gained_games' | 'gains' | 'win_share' | 'favor' | 'favor_squares') => sql<number>`card_play.${sql.ref(column)} + excluded.${sql.ref(column)}`;
  await trx
    .insertInto('card_play')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['scope', 'card_id']).doUpdateSet({
        offered: added('offered'),
        picked: added('picked'),
        gained_games: added('gained_games'),
        gains: added('gains'),
        win_share: added('win_share'),
        favor: added('favor'),
        favor_squares: added('favor_squares'),
      }),
    )
    .execute();
}

/** One card's play as clients see it: the counts, and the figures (null: "not enough games"). */
export interface CardPlayRow extends CardPlayFigures {
  cardID: number;
  offered: number;
  picked: number;
  gainedGames: number;
  gains: number;
}

export interface CardPlayReport {
  scope: CardPlayScope;
  /** Games behind a figure needed to show it. */
  minGames: number;
  /** Cards with any count, by card id; a card missing here has never been played. */
  cards: CardPlayRow[];
}

export function cardPlayRow(r: Database['card_play']): CardPlayRow {
  const counts = { offered: r.offered, picked: r.picked, gainedGames: r.gained_games, gains: r.gains, winShare: r.win_share, favor: r.favor, favorSquares: r.favor_squares };
  const figures = cardPlayFigures(counts);
  // JSON has no infinities: an interval that would be unbounded is never shown (too few games).
  return { cardID: r.card_id, offered: r.offered, picked: r.picked, gainedGames: r.gained_games, gains: r.gains, ...figures };
}

/** How long a read is served again before the table is read anew. */
export const CARD_PLAY_CACHE_MS = 10_000;

/** Reads the counters, at most once per scope every CARD_PLAY_CACHE_MS (one process's cache). */
export class CardPlayReader {
  private readonly cache = new Map<CardPlayScope, { at: number; report: Promise<CardPlayReport> }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  read(scope: CardPlayScope): Promise<CardPlayReport> {
    const held = this.cache.get(scope);
    if (held && this.now() - held.at < CARD_PLAY_CACHE_MS) return held.report;
    const report = this.db
      .selectFrom('card_play')
      .selectAll()
      .where('scope', '=', scope)
      .orderBy('card_id')
      .execute()
      .then((rows): CardPlayReport => ({ scope, minGames: MIN_GAMES, cards: rows.map(cardPlayRow) }));
    report.catch(() => this.cache.delete(scope));
    this.cache.set(scope, { at: this.now(), report });
    return report;
  }

  /** Forgets what was read (after a game ends in this process, so its player sees it at once). */
  clear(): void {
    this.cache.clear();
  }
}
