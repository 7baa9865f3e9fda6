/**
 * A new player's first look at a game: what a turn asks of them, in four lines, how to read a card
 * large, and what being away from the page costs, beside the trade row (the game screen puts it
 * under the row, its clashes and the tributes; on a phone above the row, folded to its title).
 * Whether the player is new is their account's to say (the session's `finishedAGame`), not the
 * browser's: a player with many games behind them met it again on each new device or browser. It
 * stays until they finish a game or close it ("Got it"), which this device remembers (localStorage
 * `mythosFirstGameHintSeen`: a close is this device's, and asks nothing of the server).
 * Spectators and finished games never see it.
 */
import { memo, useEffect, useState } from 'react';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';
import { GlossaryButton, GlossaryTerm } from './glossary.js';
import classes from './first-game-hint.module.css';

const FIRST_GAME_HINT_KEY = 'mythosFirstGameHintSeen';

/**
 * What being away from the page costs: the turn timer's stand-in takes a hidden or closed page's
 * decisions, and a game nobody has open is finished by bots; either way a seat the bot mostly
 * played counts as a loss.
 */
const AWAY_LINE = 'Away from this page, a bot may play for you: a game mostly played by the bot counts as a loss.';

function seen(): boolean {
  try {
    return window.localStorage.getItem(FIRST_GAME_HINT_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * A new player's game over (`over`: seated, and the game ended) is their first finished one: the
 * session is asked again, so that their next game (a rematch, Play now) opens without the hint.
 */
export function useFirstGameOver(over: boolean): void {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const first = over && user !== null && !user.finishedAGame;
  useEffect(() => {
    if (first) void utils.session.me.invalidate();
  }, [first, utils]);
}

/**
 * `folded`: only its title shows until Show is pressed. A phone's first screen has room for the
 * trade row and the docked action panel, no more: under the tributes the hint was out of sight,
 * and open above the row it pushed the row under the panel. Memoised: the game screen draws again
 * for every view, a click's optimistic one too, and none changes the hint.
 */
export const FirstGameHint = memo(function FirstGameHint({ touch, folded = false }: { touch: boolean; folded?: boolean }) {
  const { user } = useSession();
  const [hidden, setHidden] = useState(seen);
  const [open, setOpen] = useState(!folded);
  // Not while the session is unknown: a returning player would see it come and go.
  if (hidden || !user || user.finishedAGame) return null;
  const close = () => {
    try {
      window.localStorage.setItem(FIRST_GAME_HINT_KEY, 'true');
    } catch {
      // Storage blocked: closed for this page only.
    }
    setHidden(true);
  };
  return (
    <Paper component="section" aria-labelledby="first-game-hint-title" p="sm" radius="md" className={classes.hint} data-testid="first-game-hint">
      {/* 'Got it' by the title, where it is seen first: at the hint's foot a phone's docked action
          panel covered it. */}
      <Group gap={6} mb={open ? 4 : 0} wrap="nowrap">
        <IconBulb size={18} stroke={1.8} aria-hidden />
        <Text id="first-game-hint-title" fw={700} className={classes.title}>
          How a turn goes
        </Text>
        {folded ? (
          <Button size="xs" variant="default" ml="auto" aria-expanded={open} aria-controls="first-game-hint-steps" onClick={() => setOpen((was) => !was)}>
            {open ? 'Hide' : 'Show'}
          </Button>
        ) : null}
        <Button size="xs" onClick={close} ml={folded ? undefined : 'auto'}>
          Got it
        </Button>
      </Group>
      {open ? <HintSteps touch={touch} /> : null}
    </Paper>
  );
});

/** The hint's body: the four steps, reading a card, being away, and where to read more. */
function HintSteps({ touch }: { touch: boolean }) {
  const pick = touch ? 'Tap' : 'Click';
  return (
    <div id="first-game-hint-steps">
      {/* A plain list: Mantine's List was 1.4 KB of the game's first load for these four lines. */}
      <ol className={classes.steps}>
        <li>{pick} a card on the trade row, set your military bid and press Submit. Bids stay secret until everyone has bid.</li>
        <li>A card bid on by one player goes to them. Two or more bidders clash: dice plus bids, the highest total wins.</li>
        <li>Then gain the card you won, or any card of the basic pile, and pay its gold cost.</li>
        <li>
          <GlossaryTerm entry="tribute">Tributes</GlossaryTerm> pay favor to everyone who meets them. After 3 ages of 5 turns, the most favor wins.
        </li>
      </ol>
      <Text size="sm" mt={4}>
        {touch ? 'Touch and hold a card to read it large.' : 'Rest the pointer on a card to read it large.'}
      </Text>
      {/* Said before it happens: a player who closed the tab learned it only from their rating. */}
      <Text size="sm" mt={4} data-testid="first-game-hint-away">
        {AWAY_LINE}
      </Text>
      <Group justify="space-between" mt="xs">
        <Group gap="md">
          <Anchor href="/rules" target="_blank" size="sm">
            Read the full rules
          </Anchor>
          <GlossaryButton />
        </Group>
      </Group>
    </div>
  );
}
