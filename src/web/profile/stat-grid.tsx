/** A player's numbers: totals over every game, and the same per game. */
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { formatSpan } from '../history/format.js';
import { percent, perGame, type UserStats } from './stats.js';
import classes from './stat-grid.module.css';

interface Stat {
  label: string;
  value: string | number;
  hint?: string;
}

function StatTile({ label, value, hint }: Stat) {
  return (
    <Paper component="li" withBorder radius="md" px={{ base: 'xs', sm: 'sm' }} py={{ base: 6, sm: 'sm' }} bg="var(--mythos-night-veil)">
      <Text component="span" display="block" fz={{ base: 10, sm: 'xs' }} tt="uppercase" c="night.1" fw={600} className={classes.label}>
        {label}
      </Text>
      <Text component="span" display="block" ff="heading" fz={{ base: 20, sm: 26 }} fw={700} c="gold.3" lh={1.2} className={classes.value}>
        {value}
      </Text>
      {hint && (
        <Text component="span" display="block" fz={{ base: 10, sm: 'xs' }} c="night.2">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function StatSection({ title, stats }: { title: string; stats: Stat[] }) {
  return (
    <section aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <SimpleGrid component="ul" cols={{ base: 3, md: 6 }} spacing="xs" m={0} p={0} className={classes.grid}>
        {stats.map((stat) => (
          <StatTile key={stat.label} {...stat} />
        ))}
      </SimpleGrid>
    </section>
  );
}

/** `owner`: the profile's player by name, or null on one's own profile (the hints then say "you"). */
export function TotalStats({ stats, owner }: { stats: UserStats; owner: string | null }) {
  return (
    <StatSection
      title="Total stats"
      stats={[
        { label: 'Games played', value: stats.gamesPlayed },
        { label: 'Games won', value: stats.gamesWon },
        { label: 'Win rate', value: percent(stats.gamesWon, stats.gamesPlayed) },
        { label: 'Favor', value: stats.score },
        { label: 'From cards', value: stats.scoreFromCards, hint: 'favor' },
        { label: 'From prophecies', value: stats.scoreFromProphecies, hint: 'favor' },
        { label: 'From tributes', value: stats.scoreFromTributes, hint: 'favor' },
        // The fourth source, so the four add up to the favor above (gold and military left at the end).
        { label: 'From resources', value: stats.scoreFromResources, hint: 'favor' },
        { label: 'Clashes', value: stats.clashes },
        { label: 'Clashes won', value: stats.clashesWon, hint: stats.clashes ? `${percent(stats.clashesWon, stats.clashes)} of clashes` : undefined },
        // Drafted: gained from the trade row (not the leader, nor basic cards), and said so: the
        // charts below count every card held, and "Cards drafted 9" beside "16 cards held" read as a fault.
        { label: 'Cards drafted', value: stats.cardsDrafted, hint: 'from the trade row' },
        { label: 'Blame time', value: formatSpan(stats.blameMillis), hint: owner ? `taken over ${owner}'s decisions` : 'taken over your decisions' },
        { label: 'Solo time', value: formatSpan(stats.soloMillis), hint: owner ? `others waited on ${owner}` : 'others waited on you' },
      ]}
    />
  );
}

export function AverageStats({ stats }: { stats: UserStats }) {
  const n = stats.gamesPlayed;
  return (
    <StatSection
      title="Average stats"
      stats={[
        { label: 'Favor', value: perGame(stats.score, n), hint: 'per game' },
        { label: 'From cards', value: perGame(stats.scoreFromCards, n), hint: 'favor per game' },
        { label: 'From prophecies', value: perGame(stats.scoreFromProphecies, n), hint: 'favor per game' },
        { label: 'From tributes', value: perGame(stats.scoreFromTributes, n), hint: 'favor per game' },
        { label: 'From resources', value: perGame(stats.scoreFromResources, n), hint: 'favor per game' },
        { label: 'Clashes', value: perGame(stats.clashes, n), hint: n ? `${perGame(stats.clashesWon, n)} won per game` : 'per game' },
        { label: 'Blame time', value: n ? formatSpan(stats.blameMillis / n) : '–', hint: n ? `per game, solo ${formatSpan(stats.soloMillis / n)}` : 'per game' },
      ]}
    />
  );
}
