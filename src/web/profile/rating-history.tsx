/**
 * The profile's rating: the number (with "?" while provisional) and how it moved game by game,
 * drawn as a line (a ChartFigure: the site's chart look, its HTML text escaped, a summary and a table).
 */
import { Group, Text, Title } from '@mantine/core';
import { ChartFigure } from '../charts/chart-figure.js';
import { SITE } from '../lib/palette.js';
import { trpc } from '../lib/trpc.js';
import { shownRating } from '../ratings/ratings.js';
import { shortTime } from './recent.js';

export function RatingHistory({ userID, whose }: { userID: string; whose: string }) {
  const query = trpc.users.rating.useQuery({ userID });
  if (!query.data) return null;
  const { rating, history } = query.data;
  const first = history[0]?.before ?? rating.rating;
  // The line starts from the rating before the first rated game: one game is then a line from
  // 1500 to where it left the player, not a lone dot on an axis a point wide.
  const points = [first, ...history.map((h) => h.after)];
  /** The rated game a point of the line ends (none for the start). */
  const gameAt = (pointIndex: number | undefined) => history[(pointIndex ?? 0) - 1];
  return (
    <section aria-labelledby="rating-title">
      <Group gap="sm" align="baseline" mb="xs">
        <Title order={2} size="h4" id="rating-title">
          Rating
        </Title>
        {/* The number in words for a screen reader: an aria-label on a paragraph is not read ("1500?" was). */}
        <Text fw={700} fz="xl" c="gold.3">
          <span aria-hidden="true" data-testid="profile-rating">
            {shownRating(rating)}
          </span>
          <span className="mythos-visually-hidden">{`Rating ${rating.rating}${rating.provisional ? ', provisional' : ''}`}</span>
        </Text>
        <Text size="sm" c="dimmed">
          {rating.games === 0 && history.length === 0
            ? 'No rated games yet: everyone starts at 1500.'
            : rating.provisional
              ? `Provisional ("?") after ${rating.games} rated ${rating.games === 1 ? 'game' : 'games'}: it settles after about ten.`
              : `${rating.games} rated games.`}
        </Text>
      </Group>
      {history.length > 0 && (
        <ChartFigure
          title="Rating history"
          summary={`${whose} rating after each rated game, oldest first: from ${first} to ${rating.rating} over ${history.length} ${history.length === 1 ? 'game' : 'games'}.`}
          type="line"
          series={[{ name: 'Rating', data: points }]}
          options={{
            colors: [SITE.gold],
            stroke: { width: 3, curve: 'straight' },
            markers: { size: 4, strokeWidth: 0, hover: { size: 6 } },
            xaxis: { categories: ['Start', ...history.map((_, i) => `#${i + 1}`)], tooltip: { enabled: false }, title: { text: 'Rated games, oldest first', style: { fontWeight: 500 } } },
            yaxis: { title: { text: 'Rating' }, forceNiceScale: true, labels: { formatter: (v: number) => String(Math.round(v)) } },
            tooltip: {
              x: { formatter: (_: unknown, opts?: { dataPointIndex: number }) => { const h = gameAt(opts?.dataPointIndex); return h ? `Game ${opts?.dataPointIndex ?? 0} · ${shortTime(h.at)}` : 'Before the first rated game'; } },
              y: { formatter: (value: number, opts?: { dataPointIndex: number }) => { const h = gameAt(opts?.dataPointIndex); return h ? `${shownRating({ rating: value, provisional: h.provisional })} (${signed(h.after - h.before)})` : String(value); } },
            },
          }}
          table={{
            columns: ['Game', 'Ended', 'Before', 'After', 'Change'],
            rows: history.map((h, i) => [`Game ${i + 1}`, shortTime(h.at), shownRating({ rating: h.before, provisional: h.provisionalBefore }), shownRating({ rating: h.after, provisional: h.provisional }), signed(h.after - h.before)]),
          }}
        />
      )}
    </section>
  );
}

/** +12, -8, 0. */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
