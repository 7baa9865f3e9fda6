/**
 * The profile's charts: how the recent games went (favor against the winner's, and the result:
 * won, lost or the place, in the words of `resultWords`),
 * where the favor came from (overall and game by game), the win and clash rates, and the cards
 * drafted by affinity and held by type. Each is a ChartFigure: summary and table included.
 */
import { SimpleGrid } from '@mantine/core';
import { ChartFigure } from '../charts/chart-figure.js';
import { CHART_TEXT } from '../charts/theme.js';
import { AFFINITY_COLORS, CHART_COLORS, SITE } from '../lib/palette.js';
import { plural } from '../../shared/plural.js';
import { listInWords } from '../lib/words.js';
import { resultWords } from '../history/game-result.js';
import { finishedOldestFirst, shortTime, type FinishedGame, type RecentGame } from './recent.js';
import { cardsHeld, otherFavor, percent, type UserStats } from './stats.js';

const AFFINITIES = ['Derion', 'Tyros', 'Zeona'] as const;
const TYPES = ['Building', 'Unit', 'Event'] as const;
const SOURCES = ['Cards', 'Prophecies', 'Tributes', 'Resources'] as const;
const SOURCE_COLORS = [SITE.gold, CHART_COLORS.violet, CHART_COLORS.sky, CHART_COLORS.slate];
const TYPE_COLORS = [CHART_COLORS.building, CHART_COLORS.unit, CHART_COLORS.event];

const share = (values: readonly number[], names: readonly string[]) => {
  const total = values.reduce((a, b) => a + b, 0);
  return listInWords(names.map((name, i) => `${name} ${values[i]} (${percent(values[i]!, total)})`));
};

/** Axis labels of the recent games: the game and its result in words (colour is never the only sign). */
const gameLabels = (games: readonly FinishedGame[]) => games.map((g, i) => [`#${i + 1}`, resultWords(g.result)]);

const GAME_AXIS = {
  labels: { rotate: 0, hideOverlappingLabels: false, style: { fontSize: '11px' } },
  tooltip: { enabled: false },
  title: { text: 'Recent games, oldest first', style: { fontWeight: 500 } },
} as const;

/** The tooltip's heading for a recent game: its number, end and result. */
const gameTooltip = (games: readonly FinishedGame[]) => ({
  formatter: (_: unknown, opts?: { dataPointIndex: number }) => {
    const i = opts?.dataPointIndex ?? 0;
    const g = games[i];
    return g ? `Game ${i + 1} · ${shortTime(g.end)} · ${resultWords(g.result)}` : '';
  },
});

/** `whose`: 'Your' on one's own profile, else the player's name with 's. */
function RecentFavor({ games, whose }: { games: readonly FinishedGame[]; whose: string }) {
  const favorOf = `${whose} favor`;
  const results = games.map((g) => resultWords(g.result));
  // A shared win counts as a win, as in the player's totals.
  const won = games.filter((g) => g.result.kind === 'won').length;
  return (
    <ChartFigure
      title="Recent games: favor and results"
      summary={
        games.length === 0
          ? 'No finished recent games.'
          : games.length === 1
            ? `The only finished game: ${results[0]!.toLowerCase()}. ${favorOf}: ${games[0]!.mine.score}; the winner scored ${games[0]!.winnerFavor}.`
            : `Won ${won} of the last ${games.length} finished games. ${favorOf}, oldest game first: ${games.map((g, i) => `${g.mine.score} (${results[i]!.toLowerCase()})`).join(', ')}; the winners scored ${games.map((g) => g.winnerFavor).join(', ')}.`
      }
      empty={games.length === 0 ? 'No finished games yet.' : null}
      type="line"
      series={[
        { name: favorOf, type: 'column', data: games.map((g) => g.mine.score) },
        { name: "Winner's favor", type: 'line', data: games.map((g) => g.winnerFavor) },
      ]}
      options={{
        colors: [SITE.gold, SITE.parchmentPale],
        stroke: { width: [0, 3], curve: 'straight', dashArray: [0, 5] },
        markers: { size: [0, 5], strokeWidth: 0, hover: { size: 7 } },
        plotOptions: { bar: { columnWidth: '45%', borderRadius: 4 } },
        xaxis: { categories: gameLabels(games), ...GAME_AXIS },
        yaxis: { title: { text: 'Favor' }, min: 0, forceNiceScale: true },
        tooltip: { shared: true, intersect: false, x: gameTooltip(games), y: { formatter: (value) => `${value} favor` } },
      }}
      table={{
        columns: ['Game', 'Ended', 'Result', favorOf, "Winner's favor"],
        rows: games.map((g, i) => [`Game ${i + 1}`, shortTime(g.end), results[i]!, g.mine.score, g.winnerFavor]),
      }}
    />
  );
}

function Rates({ stats }: { stats: UserStats }) {
  const winRate = stats.gamesPlayed ? Math.round((stats.gamesWon / stats.gamesPlayed) * 100) : 0;
  const clashRate = stats.clashes ? Math.round((stats.clashesWon / stats.clashes) * 100) : 0;
  return (
    <ChartFigure
      title="Win rate and clash win rate"
      summary={`Won ${stats.gamesWon} of ${plural(stats.gamesPlayed, 'game')} (${percent(stats.gamesWon, stats.gamesPlayed)}) and ${stats.clashesWon} of ${plural(stats.clashes, 'clash', 'clashes')} (${percent(stats.clashesWon, stats.clashes)}).`}
      type="radialBar"
      series={[winRate, clashRate]}
      options={{
        labels: ['Games won', 'Clashes won'],
        colors: [SITE.gold, CHART_COLORS.sky],
        plotOptions: {
          radialBar: {
            // Room inside the rings for 'Games won' at its size (at 42% the words ran over the inner ring).
            hollow: { size: '62%' },
            track: { background: CHART_COLORS.track },
            dataLabels: {
              name: { fontSize: '13px', color: CHART_TEXT },
              value: { fontSize: '22px', color: SITE.parchmentPale, formatter: (v: number) => `${Math.round(v)}%` },
              total: { show: true, label: 'Games won', color: CHART_TEXT, formatter: () => `${winRate}%` },
            },
          },
        },
        legend: { show: true, position: 'bottom', formatter: (name, opts) => `${name}: ${[winRate, clashRate][opts?.seriesIndex ?? 0]}%` },
      }}
      table={{
        columns: ['Rate', 'Won', 'Of', 'Share'],
        rows: [
          ['Games', stats.gamesWon, stats.gamesPlayed, percent(stats.gamesWon, stats.gamesPlayed)],
          ['Clashes', stats.clashesWon, stats.clashes, percent(stats.clashesWon, stats.clashes)],
        ],
      }}
    />
  );
}

function FavorSources({ stats }: { stats: UserStats }) {
  const values = [stats.scoreFromCards, stats.scoreFromProphecies, stats.scoreFromTributes, otherFavor(stats)];
  return (
    <ChartFigure
      title="Where the favor came from"
      summary={`All ${stats.score} favor: ${share(values, SOURCES)}.`}
      empty={stats.score === 0 ? 'No favor scored yet.' : null}
      type="donut"
      series={values}
      options={{
        labels: [...SOURCES],
        colors: SOURCE_COLORS,
        stroke: { colors: [SITE.night], width: 2 },
        legend: { formatter: (name, opts) => `${name}: ${values[opts?.seriesIndex ?? 0]}` },
        plotOptions: { pie: { donut: { size: '62%', labels: { show: true, value: { color: SITE.parchmentPale }, total: { show: true, label: 'Favor', color: CHART_TEXT } } } } },
      }}
      table={{ columns: ['Source', 'Favor', 'Share'], rows: SOURCES.map((name, i) => [name, values[i]!, percent(values[i]!, stats.score)]) }}
    />
  );
}

/** Which source gave the most favor in how many of the games, in words. */
function biggestSource(parts: number[][]): string {
  const wins = SOURCES.map((_, s) => parts.filter((p) => p[s]! > 0 && p[s] === Math.max(...p)).length);
  const top = wins.indexOf(Math.max(...wins));
  return `${SOURCES[top]} gave the most favor in ${wins[top]} of ${parts.length} games.`;
}

function FavorByGame({ games }: { games: readonly FinishedGame[] }) {
  const parts = games.map((g) => [g.mine.scoreFromCards, g.mine.scoreFromProphecies, g.mine.scoreFromTributes, g.mine.scoreFromResources]);
  return (
    <ChartFigure
      title="Favor sources, game by game"
      summary={games.length === 0 ? 'No finished recent games.' : `Each recent game's favor split by source, oldest first. ${biggestSource(parts)}`}
      empty={games.length === 0 ? 'No finished games yet.' : null}
      type="bar"
      series={SOURCES.map((name, s) => ({ name, data: parts.map((p) => p[s]!) }))}
      options={{
        chart: { stacked: true },
        colors: SOURCE_COLORS,
        plotOptions: { bar: { columnWidth: '45%', borderRadius: 3 } },
        xaxis: { categories: gameLabels(games), ...GAME_AXIS },
        yaxis: { title: { text: 'Favor' } },
        tooltip: { shared: true, intersect: false, x: gameTooltip(games) },
      }}
      table={{ columns: ['Game', ...SOURCES], rows: parts.map((p, i) => [`Game ${i + 1}`, ...p]) }}
    />
  );
}

function CardsByAffinity({ stats }: { stats: UserStats }) {
  const values = AFFINITIES.map((a) => stats.cardCountByAffinity[a]);
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <ChartFigure
      title="Cards by affinity"
      summary={`${total} cards of the three deities drafted: ${share(values, AFFINITIES)}.`}
      empty={total === 0 ? 'No affinity cards drafted yet.' : null}
      type="donut"
      series={values}
      options={{
        labels: [...AFFINITIES],
        colors: AFFINITIES.map((a) => AFFINITY_COLORS[a].frame),
        stroke: { colors: [SITE.night], width: 2 },
        legend: { formatter: (name, opts) => `${name}: ${values[opts?.seriesIndex ?? 0]}` },
        plotOptions: { pie: { donut: { size: '62%', labels: { show: true, value: { color: SITE.parchmentPale }, total: { show: true, label: 'Cards', color: CHART_TEXT } } } } },
      }}
      table={{ columns: ['Affinity', 'Cards', 'Share'], rows: AFFINITIES.map((a, i) => [a, values[i]!, percent(values[i]!, total)]) }}
    />
  );
}

function CardsByType({ stats }: { stats: UserStats }) {
  const values = TYPES.map((t) => stats.cardCountByType[t]);
  // Every card held at a game's end (leaders and basic cards too): the type of a drafted card
  // alone is not recorded.
  const total = cardsHeld(stats);
  return (
    <ChartFigure
      title="Cards by type"
      summary={`${total} cards held at the end of games: ${share(values, TYPES)}.`}
      empty={total === 0 ? 'No cards held yet.' : null}
      type="bar"
      series={[{ name: 'Cards', data: values }]}
      options={{
        colors: TYPE_COLORS,
        plotOptions: { bar: { horizontal: true, distributed: true, barHeight: '55%', borderRadius: 4 } },
        dataLabels: { enabled: true, style: { colors: [SITE.night], fontWeight: 700 }, formatter: (v) => `${String(v)}` },
        xaxis: { categories: [...TYPES], title: { text: 'Cards held' } },
        legend: { show: false },
        tooltip: { y: { formatter: (v) => `${v} cards` } },
      }}
      table={{ columns: ['Type', 'Cards', 'Share'], rows: TYPES.map((t, i) => [t, values[i]!, percent(values[i]!, total)]) }}
    />
  );
}

/** `owner`: the profile's player's name, or null on one's own profile. */
export function ProfileCharts({ stats, recent, owner }: { stats: UserStats; recent: RecentGame[]; owner: string | null }) {
  const games = finishedOldestFirst(recent);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <RecentFavor games={games} whose={owner === null ? 'Your' : `${owner}'s`} />
      <Rates stats={stats} />
      <FavorSources stats={stats} />
      <FavorByGame games={games} />
      <CardsByAffinity stats={stats} />
      <CardsByType stats={stats} />
    </SimpleGrid>
  );
}
