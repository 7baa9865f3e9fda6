/**
 * The end-of-game view's rating changes: each person's "+12" / "−8" beside their standing, and the
 * viewer's own line ("Your rating: 1500 → 1512 (+12)"). They come from `ratings.ofGame`, written
 * in the same transaction as the game's end, so they are there as soon as the end is. Bots keep
 * fixed ratings and show them unchanged; a game that was not rated (bots only) shows no column.
 *
 * The presentation layer takes its data from its props, not the server: the page provides the
 * hook that fetches the changes (`RatingChangesSource` in end-rating-source.ts, see
 * pages/game.tsx). Without one (the presentation harness) no ratings show.
 */
import { shownRating, signedChange } from '../../ratings/ratings.js';
import type { EndRatingChange, UnratedReason } from './end-rating-source.js';
import { UNRATED_WORDS } from '../../ratings/unrated-words.js';
import classes from './presentation.module.css';
import { UserNames, UserText } from '../../components/user-text.js';

export { useGameForfeits, useGameRatingChanges, useNamesRatings, useUnratedReason, type EndRatingChange } from './end-rating-source.js';

function Delta({ change }: { change: EndRatingChange }) {
  const delta = change.after - change.before;
  return (
    <span className={classes.ratingDelta} data-direction={delta > 0 ? 'up' : delta < 0 ? 'down' : undefined} data-rating-change={delta}>
      {signedChange(delta)}
    </span>
  );
}

/**
 * The standings' cell: the new rating and its change ("1512 +12"); for a bot, the fixed rating
 * its name shows during the game ("1500 fixed"), or a dash while that is not known.
 */
export function RatingChangeCell({ change, fixed }: { change: EndRatingChange | undefined; fixed?: number | undefined }) {
  if (!change) {
    return fixed === undefined ? (
      <span title="Bots keep fixed ratings" aria-label="fixed rating">
        –
      </span>
    ) : (
      <span className={classes.ratingCell} title="Bots keep fixed ratings">
        {fixed} <span className={classes.ratingFixed}>fixed</span>
      </span>
    );
  }
  return (
    <span className={classes.ratingCell}>
      {shownRating({ rating: change.after, provisional: change.provisional })} <Delta change={change} />
    </span>
  );
}

/**
 * The viewer's own change, under their place; or, for a game of people that moved none, why.
 * When the ceiling on ratings won from bots held the change (the server says so, `cappedAt`: the
 * ceiling it held it at), the line says why it moved no further: a win over the Easy Bot that left
 * a new player's 1500 as it was read as a fault without it, and so did a win over another person
 * and bots that barely moved it. `withPeople`: other people played the game too, whose game alone
 * may set the ceiling.
 */
export function ViewerRatingLine({
  change,
  unrated,
  withPeople = false,
  outscored = NONE_OUTSCORED,
}: {
  change: EndRatingChange | undefined;
  unrated: UnratedReason | null;
  withPeople?: boolean;
  /** The seats that forfeited and scored more than the viewer (ratings/outscoring-forfeits.ts), and the viewer's favor. */
  outscored?: Outscored;
}) {
  if (!change) {
    return unrated === null ? null : (
      <p data-testid="end-unrated" className={classes.viewerRating}>
        {UNRATED_WORDS[unrated]}
      </p>
    );
  }
  const cappedAt = change.cappedAt ?? null;
  return (
    <>
      <p data-testid="end-rating" className={classes.viewerRating}>
        {/* Each number marked as it stood: a new player's "1500 → 1512?" read as the rating having become uncertain. */}
        Your rating: {shownRating({ rating: change.before, provisional: change.provisionalBefore })} → {shownRating({ rating: change.after, provisional: change.provisional })} (<Delta change={change} />)
      </p>
      {cappedAt !== null && (
        <p data-testid="end-rating-ceiling" className={classes.viewerRating}>
          {withPeople
            ? `With bots at the table, a rating rises no higher than the strongest bot's, or than the game among the people alone would take it (${cappedAt}): beating the bots added nothing above that.`
            : `Against bots alone, a rating rises no higher than the strongest bot's at the table (${cappedAt}): play stronger bots or people to climb.`}
        </p>
      )}
      {outscored.seats.length > 0 && (
        <p data-testid="end-rating-forfeits" className={classes.viewerRating}>
          <ForfeitsWords {...outscored} />
        </p>
      )}
    </>
  );
}

/** Seats that counted as their players' loss and scored more favor than the viewer's `yours`. */
export interface Outscored {
  seats: readonly { name: string; favor: number }[];
  yours: number;
}

const NONE_OUTSCORED: Outscored = { seats: [], yours: 0 };

/**
 * Why a seat whose player forfeited still weighs in the viewer's rating: the others are rated
 * against it by the favor it scored (src/server/ratings/model.ts), so one that scored more than the
 * viewer is a loss to them, even beside "You won!". Without these words, a winner whose rating
 * fell ("You won! Your rating: 1500? → 1473? (−27)") had nothing to tell them why. The names
 * isolated, as everywhere a name stands inside the site's words (components/user-text.tsx).
 */
function ForfeitsWords({ seats, yours }: Outscored) {
  const [only] = seats;
  return seats.length === 1 && only ? (
    <>
      For ratings, <UserText>{only.name}</UserText>&apos;s seat still counts by the favor it scored: {only.favor} to your {yours}, so against that seat the game counts as a loss.
    </>
  ) : (
    <>
      For ratings, the seats of <UserNames names={seats.map((s) => s.name)} /> still count by the favor they scored, each more than your {yours}: against those seats the game counts as a loss.
    </>
  );
}
