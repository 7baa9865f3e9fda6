/**
 * A new player's first look at a game: what a turn asks of them, in four lines, how to read a card
 * large, and what being away from the page costs, beside the trade row (the game screen puts it
 * under the row, its clashes and the tributes). It stays until they close it ("Got it"), then
 * never shows again on this device (localStorage `mythosFirstGameHintSeen`). Spectators and
 * finished games never see it.
 */
import { useState } from 'react';
import { Anchor, Button, Group, List, Paper, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
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

export function FirstGameHint({ touch }: { touch: boolean }) {
  const [hidden, setHidden] = useState(seen);
  if (hidden) return null;
  const close = () => {
    try {
      window.localStorage.setItem(FIRST_GAME_HINT_KEY, 'true');
    } catch {
      // Storage blocked: closed for this page only.
    }
    setHidden(true);
  };
  const pick = touch ? 'Tap' : 'Click';
  return (
    <Paper component="section" aria-labelledby="first-game-hint-title" p="sm" radius="md" className={classes.hint} data-testid="first-game-hint">
      {/* 'Got it' by the title, where it is seen first: at the hint's foot a phone's docked action
          panel covered it. */}
      <Group gap={6} mb={4} wrap="nowrap">
        <IconBulb size={18} stroke={1.8} aria-hidden />
        <Text id="first-game-hint-title" fw={700} className={classes.title}>
          How a turn goes
        </Text>
        <Button size="xs" onClick={close} ml="auto">
          Got it
        </Button>
      </Group>
      <List type="ordered" size="sm" spacing={2}>
        <List.Item>{pick} a card on the trade row, set your military bid and press Submit. Bids stay secret until everyone has bid.</List.Item>
        <List.Item>A card bid on by one player goes to them. Two or more bidders clash: dice plus bids, the highest total wins.</List.Item>
        <List.Item>Then gain the card you won, or any card of the basic pile, and pay its gold cost.</List.Item>
        <List.Item>
          <GlossaryTerm entry="tribute">Tributes</GlossaryTerm> pay favor to everyone who meets them. After 3 ages of 5 turns, the most favor wins.
        </List.Item>
      </List>
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
    </Paper>
  );
}
