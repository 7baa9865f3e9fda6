/**
 * /replay's line beside the fair-dice line: whether the file is the game this site recorded under
 * the id it names (site-record.ts), the first difference named when it is not; or that the file
 * was checked against itself only, when it names no game (a tournament's file) or a game this
 * site does not have. The page is for people signed in (its route's guard), so it may always ask
 * for the record; `replays.get` counts against the caller's limits like any replay opened.
 */
import { useMemo, type ReactNode } from 'react';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { trpc } from '../lib/trpc.js';
import { siteRecordDifference, type OpenedFile } from './site-record.js';
import classes from './replay.module.css';

type Match = 'same' | 'differs' | 'itself' | 'pending';

const BY_HAND = 'A file made by hand verifies too, whatever its seed and whoever it says forfeited.';

function Line({ match, children }: { match: Match; children: ReactNode }) {
  const look = match === 'same' ? classes.verified : match === 'differs' ? classes.unverified : classes.unchecked;
  return (
    <div className={look} role="status" data-testid="site-record" data-match={match}>
      <p className={classes.verifyHead}>
        {match === 'same' ? <IconShieldCheck size={20} aria-hidden /> : match === 'differs' ? <IconAlertTriangle size={20} aria-hidden /> : null}
        <span>{children}</span>
      </p>
    </div>
  );
}

export function SiteRecordLine({ gameID, file }: { gameID: string | undefined; file: OpenedFile }) {
  if (gameID === undefined) {
    return <Line match="itself">Checked against itself only: the file names no game of this site (a tournament's file names none), so nothing shows it is a game played here. {BY_HAND}</Line>;
  }
  return <ComparedLine gameID={gameID} file={file} />;
}

function ComparedLine({ gameID, file }: { gameID: string; file: OpenedFile }) {
  const query = trpc.replays.get.useQuery({ gameID }, { staleTime: Infinity, gcTime: 5 * 60_000, retry: false });
  const difference = useMemo(() => (query.data ? siteRecordDifference(query.data, file) : undefined), [query.data, file]);
  if (query.error) {
    // BAD_REQUEST: an id no game of this site could have (too long), as good as not found.
    const code = query.error.data?.code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') {
      return <Line match="itself">Checked against itself only: this site has no game {gameID}, so nothing shows the file is a game played here. {BY_HAND}</Line>;
    }
    const message = query.error.message;
    return (
      <Line match="itself">
        Checked against itself only: this site's record of game {gameID} could not be read. {message}
        {/[.!?]$/.test(message) ? '' : '.'}
      </Line>
    );
  }
  if (difference === undefined) return <Line match="pending">Comparing the file with this site's record of game {gameID}...</Line>;
  if (difference !== null) {
    return (
      <Line match="differs">
        Not game {gameID} as this site recorded it. {difference}
      </Line>
    );
  }
  const actions = file.actions.length;
  return (
    <Line match="same">
      Played on this site: game {gameID} as this site recorded it has the same seed commitment and seed, setup and card set, the same {actions} action{actions === 1 ? '' : 's'} in the same
      order with the same stand-in marks, and the same forfeits as this file.
    </Line>
  );
}
