/**
 * The end-of-game view, shown only once the game has an end timestamp and the last turn has
 * played out on screen (its clash rolled, its cards landed): '{names} wins!', for a player their
 * own place ('You won!', 'You shared the win!', 'You finished 3rd of 4.'), 'Rematch' for its players (end-rematch.tsx), a 'Return to Lobby' link, a minimize toggle, the standings (each player's favor and where it came
 * from), the favor and time pies (apexcharts, loaded lazily)
 * and 'More graphs to come!'; how to verify the dice when the view reveals the seed, the dice checked
 * in this browser (end-verify.tsx: the page provides it) and a link to the replay.
 * The game screen's own line, '{names} won!', is `WinnerBanner` (winner-banner.tsx): this view is a
 * chunk of its own, loaded when a game has ended.
 */
import { Fragment, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { IconMaximize, IconMinimize, IconTrophy } from '@tabler/icons-react';
import { Link } from '../../components/link.js';
import type { GameScreenState } from '../model.js';
import { favorPie, standings, timePie, viewerPlace, type Standing } from './end-stats.js';
import { textOn } from './format.js';
import { EndPies } from './end-pies.js';
import { EndRematch } from './end-rematch.js';
import { EndVerify, VerifySource } from './end-verify.js';
import { RatingChangeCell, useGameForfeits, useGameRatingChanges, useNamesRatings, useUnratedReason, ViewerRatingLine, type EndRatingChange } from './end-ratings.js';
import { outscoringForfeits } from '../../ratings/outscoring-forfeits.js';
import type { Forfeit } from '../../../shared/forfeit.js';
import { presentationPlaying, usePresentationPlaying } from './use-event-animations.js';
import { Winners } from './winner-banner.js';
import classes from './presentation.module.css';
import { UserText } from '../../components/user-text.js';

const NO_CHANGES: Record<string, EndRatingChange> = {};
const NO_FORFEITS: ReadonlyMap<string, Forfeit> = new Map();

/** The seed's commitment and, once revealed, the seed, when the view carries them. */
function seedOf(game: GameScreenState['game']): { commitment: string | null; seed: string | null } {
  const open = game as { seedCommitment?: unknown; seed?: unknown };
  return {
    commitment: typeof open.seedCommitment === 'string' ? open.seedCommitment : null,
    seed: typeof open.seed === 'string' || typeof open.seed === 'number' ? String(open.seed) : null,
  };
}

export function EndOfGame({ state, onMinimize }: { state: GameScreenState; onMinimize?: (minimized: boolean) => void }) {
  const [minimized, setMinimized] = useState(false);
  const favor = useMemo(() => favorPie(state), [state]);
  const time = useMemo(() => timePie(state), [state]);
  const playing = usePresentationPlaying();
  const verifySource = useContext(VerifySource);
  const shown = state.game.gameEndTimestamp !== null && !playing;
  const fetched = useGameRatingChanges(state.game.id, state.game.gameEndTimestamp !== null);
  const unrated = useUnratedReason(state.game.id, state.game.gameEndTimestamp !== null);
  const ratingChanges = fetched ?? NO_CHANGES;
  // Who lost whatever their seat scored (they left, or a bot made most of their choices), rated or not.
  const forfeits = useGameForfeits(state.game.id, state.game.gameEndTimestamp !== null);
  const rows = useMemo(() => standings(state, forfeits ?? NO_FORFEITS), [state, forfeits]);
  // The bots' fixed ratings, asked with every seat's id as the player summaries ask (one query for
  // both). The standings' Rating column waits for them as it waits for the changes: a bot's cell
  // drawn as "–" and then as "1500 fixed" widened the column under a phone's table, and its rows
  // moved (0.07 of layout shift).
  const playerIDs = useMemo(() => state.game.players.map((p) => p.userID), [state.game.players]);
  const namesRatings = useNamesRatings(playerIDs);
  const botRatings: Record<string, number> = {};
  let botsRated = true;
  for (const p of state.game.players) {
    if (p.botType === null) continue;
    const fixed = namesRatings[p.userID];
    if (fixed) botRatings[p.userID] = fixed.rating;
    else botsRated = false;
  }
  const ratingColumn = ratingColumnOf({
    withPerson: state.game.players.some((p) => p.botType === null),
    changesFetched: fetched !== null,
    rated: Object.keys(ratingChanges).length > 0,
    botsRated,
  });
  // The view opens at the top of the screen: a player scrolled down to the basic piles would not see it.
  // Not for the one render of the last update before its clash was seen (never painted): the page
  // went up while the dice began to roll.
  useEffect(() => {
    if (shown && !presentationPlaying()) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [shown]);
  // The viewer's lines come with the view, not after it: a game over before its page opened has
  // its changes already (the game screen waits for them), and one that ends on screen fetches
  // them while its last turn plays out. A game that moved no rating of the viewer's waits for the
  // reason too: the line saying why, arriving later, pushed the view down a line.
  const waiting = state.me !== null && (fetched === null || (fetched[state.me] === undefined && unrated === undefined));
  // Everyone's view waits for who forfeited too: it names the winner, who is never one who left.
  if (!shown || waiting || forfeits === null) return null;
  const toggle = () => {
    setMinimized(!minimized);
    onMinimize?.(!minimized);
  };
  const { commitment, seed } = seedOf(state.game);
  const checkedHere = verifySource !== null;
  const mine = state.me === null ? undefined : ratingChanges[state.me];
  const aloneWithBots = state.game.players.every((p) => p.userID === state.me || p.botType !== null);
  const forfeit = state.me === null ? null : state.seatsByUserID[state.me]?.left ? 'left' : (forfeits.get(state.me) ?? null);
  // The view waits for the forfeits: a game that counted as a loss never says "You won!" first.
  const place = viewerPlace(rows, state.me, forfeit);

  return (
    <section className={minimized ? `${classes.endView} ${classes.endMinimized}` : classes.endView} aria-label="End of game" data-testid="end-of-game">
      <header className={classes.endHeader}>
        <h2 className={classes.endTitle}>
          <IconTrophy size={26} aria-hidden /> <Winners state={state} winnerIDs={rows.filter((r) => r.winner).map((r) => r.userID)} /> wins!
        </h2>
        <Button variant="subtle" color="gold" size="compact-sm" onClick={toggle} aria-expanded={!minimized} leftSection={minimized ? <IconMaximize size={16} aria-hidden /> : <IconMinimize size={16} aria-hidden />}>
          {minimized ? 'Expand' : 'Minimize'}
        </Button>
      </header>
      {place && (
        <p className={classes.endPlace} data-testid="end-place">
          {place}
        </p>
      )}
      {state.me && <ViewerRatingLine change={mine} unrated={unrated ?? null} withPeople={!aloneWithBots} outscored={forfeit === null ? outscoringForfeits(rows, state.me) : undefined} />}
      {/* What a player does next comes before the charts: on a phone they are screens long, and a
          rematch offer below them went unseen (2,100 px down). */}
      <EndRematch
        gameID={state.game.id}
        me={state.me}
        nameOf={(id) => state.usersByID[id]?.name ?? id}
        withBots={state.game.players.some((p) => p.botType !== null)}
        aloneWithBots={aloneWithBots}
      />
      <div className={classes.endLinks}>
        <Button component={Link} to="/" color="gold" className={classes.returnLink}>
          Return to Lobby
        </Button>
        <Button component={Link} to={`/game/${state.game.id}/replay`} variant="outline" color="gold" className={classes.returnLink}>
          Watch the replay
        </Button>
      </div>
      {!minimized && (
        <>
          <StandingsTable rows={rows} ratingColumn={ratingColumn} ratingChanges={ratingChanges} botRatings={botRatings} />
          <EndPies favor={favor} time={time} />
          <p className={classes.moreGraphs}>More graphs to come!</p>
          {(commitment || seed) && (
            <p className={classes.verify}>
              Fair dice: every deal and die came from the seed below, kept secret until the end. Its
              commitment was shown from the first turn, so the seed could not change:{' '}
              <Link to="/rules#fair-dice">how to check it</Link> with <code>mythos verify</code>.
              {/* The page's check below shows both already. */}
              {commitment && !checkedHere && (
                <>
                  <br />
                  Seed commitment: <code className={classes.hash}>{commitment}</code>
                </>
              )}
              {seed && !checkedHere && (
                <>
                  <br />
                  Revealed seed: <code className={classes.hash}>{seed}</code>
                </>
              )}
              {state.game.serverSecretCommitment && (
                <>
                  {/* Two commitments, each to its own value: said so, as two hashes "shown from the start" read as one contradicting the other. */}
                  <br />
                  The seed was mixed from the server&apos;s secret and the players&apos; values, so the server alone could not choose it.
                  <br />
                  The secret&apos;s own commitment (not the seed&apos;s), shown before the game began: <code className={classes.hash}>{state.game.serverSecretCommitment}</code>
                  {state.game.serverSecret && (
                    <>
                      <br />
                      Revealed server secret: <code className={classes.hash}>{state.game.serverSecret}</code>
                    </>
                  )}
                  <br />
                  The players&apos; values, by seat:{' '}
                  {(state.game.seedContributions ?? []).map((c, seat) => `seat ${seat + 1} ${c.value === '' ? 'none' : JSON.stringify(c.value)}`).join(', ')}
                </>
              )}
            </p>
          )}
        </>
      )}
      {!minimized && (
        <Suspense fallback={<p className={classes.logEmpty}>Checking the dice...</p>}>
          <EndVerify gameID={state.game.id} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * A phone's one line of where a player's favor came from, in parts each kept whole when the line
 * wraps: "tributes" never ends one line with its number starting the next.
 */
function breakdownParts(row: Standing): [string, number][] {
  return [
    ['From cards', row.cards],
    ['tributes', row.tributes],
    ['prophecies', row.prophecies],
    ['resources', row.resources],
  ];
}

/** The standings' Rating column: none (a game of bots, or one not rated), kept empty while its numbers come, or shown. */
type RatingColumn = 'none' | 'pending' | 'shown';

/**
 * The Rating column is kept, empty and at its full width, while the changes and the bots' ratings
 * come for a game with a person in it (almost always rated): added or widened once the table was
 * drawn, it moved every column beside it (a layout shift of 0.013-0.07).
 */
function ratingColumnOf({ withPerson, changesFetched, rated, botsRated }: { withPerson: boolean; changesFetched: boolean; rated: boolean; botsRated: boolean }): RatingColumn {
  if (!withPerson) return 'none';
  if (!changesFetched) return 'pending';
  if (!rated) return 'none';
  return botsRated ? 'shown' : 'pending';
}

function StandingsTable({ rows, ratingColumn, ratingChanges, botRatings }: { rows: Standing[]; ratingColumn: RatingColumn; ratingChanges: Record<string, EndRatingChange>; botRatings: Readonly<Record<string, number>> }) {
  const rated = ratingColumn !== 'none';
  return (
    <table className={classes.standings}>
      <caption className="mythos-visually-hidden">Final standings</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Player</th>
          <th scope="col">Favor</th>
          {rated && (
            <th scope="col" className={classes.standingsRating}>
              Rating
            </th>
          )}
          {/* Where the favor came from: "Cards" alone read as a count of cards. */}
          <th scope="col" className={classes.standingsDetail}>From cards</th>
          <th scope="col" className={classes.standingsDetail}>From tributes</th>
          <th scope="col" className={classes.standingsDetail}>From prophecies</th>
          <th scope="col" className={classes.standingsDetail}>From resources</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.userID} data-winner={row.winner || undefined}>
            <td>{row.rank}</td>
            <th scope="row">
              <span className={classes.standingsName} style={{ background: row.color, color: textOn(row.color) }}>
                {row.winner && <IconTrophy size={14} aria-label="winner" />}
                <UserText>{row.name}</UserText>
              </span>
              {row.forfeit && <span className={classes.standingsForfeit}>{row.forfeit === 'left' ? ' left' : ' bot played'}</span>}
              <span className={classes.standingsBreakdown} data-testid="standings-breakdown">
                {breakdownParts(row).map(([label, count], index) => (
                  <Fragment key={label}>
                    {index > 0 && ', '}
                    <span className={classes.standingsPart}>
                      {label} {count}
                    </span>
                  </Fragment>
                ))}
              </span>
            </th>
            <td className={classes.standingsFavor}>{row.favor}</td>
            {rated && (
              <td data-testid="end-rating-cell" className={classes.standingsRating} aria-busy={ratingColumn === 'pending' || undefined}>
                {ratingColumn === 'shown' && <RatingChangeCell change={ratingChanges[row.userID]} fixed={botRatings[row.userID]} />}
              </td>
            )}
            <td className={classes.standingsDetail}>{row.cards}</td>
            <td className={classes.standingsDetail}>{row.tributes}</td>
            <td className={classes.standingsDetail}>{row.prophecies}</td>
            <td className={classes.standingsDetail}>{row.resources}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
