/**
 * A player's detail, in a dialog (player-list.tsx's `PlayerDetailModal` loads it when a player is
 * first opened): favor by source, by tribute and by card, prophecies and upgrades.
 */
import { Modal, Stack, Table, Text } from '@mantine/core';
import type { Player } from '../../engine/state.js';
import { formatEffect } from '../../engine/cards/notation.js';
import type { GameScreenState } from './model.js';
import { nameOf } from './model.js';
import { propheciesOf, tributeFavorOf, upgradesOf } from './derive.js';
import { GlossaryTerm } from './glossary.js';

export default function PlayerDetailModal({ state, player, onClose }: { state: GameScreenState; player: Player | null; onClose: () => void }) {
  return (
    <Modal opened={player !== null} onClose={onClose} title={player ? `${nameOf(state, player.userID)}: details` : ''} size="lg">
      {player ? <PlayerDetail state={state} player={player} /> : null}
    </Modal>
  );
}

function PlayerDetail({ state, player }: { state: GameScreenState; player: Player }) {
  const fs = player.favorSources;
  const prophecies = propheciesOf(state, player);
  const upgrades = upgradesOf(state, player);
  const tributes = tributeFavorOf(state, player);
  const cardName = (id: number) => state.cardsByID[id]?.name ?? `#${id}`;
  const favorCards = player.cardIDs.filter((id) => (state.cardsByID[id]?.favor ?? 0) > 0);
  return (
    <Stack gap="md">
      <section>
        <Text fw={700} mb={4}>
          Favor: {player.counters.favor}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            <Table.Tr><Table.Td>From cards</Table.Td><Table.Td>{fs.cards}</Table.Td></Table.Tr>
            <Table.Tr><Table.Td>From tributes</Table.Td><Table.Td>{fs.tributes}</Table.Td></Table.Tr>
            <Table.Tr><Table.Td>From prophecies</Table.Td><Table.Td>{fs.prophecies}</Table.Td></Table.Tr>
            <Table.Tr><Table.Td>From leftover resources</Table.Td><Table.Td>{fs.resources}</Table.Td></Table.Tr>
          </Table.Tbody>
        </Table>
      </section>
      <section>
        <Text fw={700} mb={4}>By tribute</Text>
        {tributes.length === 0 ? <Text size="sm" c="dimmed">No tribute completed yet.</Text> : (
          <Stack gap={2}>
            {tributes.map((t, i) => (
              <Text key={`${t.tributeID}-${i}`} size="sm">{state.tributeCardsByID[t.tributeID]?.name ?? t.tributeID}: {t.favor} favor</Text>
            ))}
          </Stack>
        )}
      </section>
      <section>
        <Text fw={700} mb={4}>By card</Text>
        {/* Said in words, as the other sections do: a heading over nothing (a leader alone, or
            cards without printed favor) read as a list that failed to load. */}
        {favorCards.length === 0 ? <Text size="sm" c="dimmed">No card with favor yet.</Text> : (
          <Stack gap={2}>
            {favorCards.map((id, i) => (
              <Text key={`${id}-${i}`} size="sm">{cardName(id)}: {state.cardsByID[id]?.favor} favor</Text>
            ))}
          </Stack>
        )}
      </section>
      <section>
        <Text fw={700} mb={4}><GlossaryTerm entry="prophecy">Prophecies</GlossaryTerm> (what they would pay now)</Text>
        {prophecies.length === 0 ? <Text size="sm" c="dimmed">No prophecy.</Text> : prophecies.map((p, i) => (
          <Text key={`${p.cardID}-${i}`} size="sm">{cardName(p.cardID)}: {p.favor} favor</Text>
        ))}
      </section>
      <section>
        <Text fw={700} mb={4}>Upgrades</Text>
        {upgrades.length === 0 ? <Text size="sm" c="dimmed">No upgrade.</Text> : upgrades.map((u, i) => (
          <Text key={`${u.cardID}-${i}`} size="sm">
            {cardName(u.cardID)} {formatEffect(u.output)}: {u.reached ? 'reached' : 'not yet'}
          </Text>
        ))}
      </section>
    </Stack>
  );
}
