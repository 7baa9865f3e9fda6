/**
 * How cards play on this server, in the gallery (/all-cards with its switch on): a card's three
 * figures under its face, or every card in a sortable table. A chunk of its own, loaded only when
 * the switch is on. The figures and their definitions come from the server
 * (definitions.cardPlay, engine/card-play.ts); null means "not enough games".
 */
import { Fragment, useMemo, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/router.js';
import type { Card } from './catalogue.js';
import classes from './card-play.module.css';

export type CardPlayReport = inferRouterOutputs<AppRouter>['definitions']['cardPlay'];
export type CardPlayRow = CardPlayReport['cards'][number];
type Estimate = NonNullable<CardPlayRow['pickRate']>;

const NOT_ENOUGH = 'not enough games';

const pct = (x: number) => `${Math.round(x * 100)}%`;
const num = (x: number) => x.toFixed(1);

/** Basic cards (always in the pile) and leaders (dealt at the start) are never offered on the trade row. */
const offeredOnRow = (card: Card) => card.affinity !== 'Basic' && card.affinity !== 'Leader';

interface Figure {
  key: 'pickRate' | 'gainersWinRate' | 'favorPerGain';
  label: string;
  short: string;
  format: (x: number) => string;
  sample: string;
}

const FIGURES: Figure[] = [
  { key: 'pickRate', label: 'Picked when offered', short: 'Picked', format: pct, sample: 'games offered' },
  { key: 'gainersWinRate', label: "Gainers' win rate", short: 'Gainers win', format: pct, sample: 'gains' },
  { key: 'favorPerGain', label: 'Favor per gain', short: 'Favor/gain', format: num, sample: 'gains' },
];

function FigureText({ figure, estimate, card }: { figure: Figure; estimate: Estimate | null | undefined; card: Card }) {
  if (figure.key === 'pickRate' && !offeredOnRow(card)) return <span className={classes.none}>not on the trade row</span>;
  if (!estimate) return <span className={classes.none}>{NOT_ENOUGH}</span>;
  return (
    <span>
      <strong>{figure.format(estimate.value)}</strong>{' '}
      <span className={classes.ci}>
        (95% {figure.format(estimate.low)}–{figure.format(estimate.high)}, n={estimate.n})
      </span>
    </span>
  );
}

/** A card's three figures, under its face in the card view. */
export function CardPlayStats({ card, row, width }: { card: Card; row: CardPlayRow | undefined; width: number }) {
  return (
    <dl className={classes.stats} style={{ width }} data-play-stats aria-label={`How ${card.name} plays`}>
      {FIGURES.map((f) => (
        <div key={f.key}>
          <dt>{f.short}</dt>
          <dd>
            <FigureText figure={f} estimate={row?.[f.key]} card={card} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

type SortKey = 'name' | Figure['key'];

/** Every card of the gallery with its figures, sortable by each column (a figure's missing value sorts last). */
export function CardPlayTable({ cards, rows }: { cards: readonly Card[]; rows: ReadonlyMap<number, CardPlayRow> }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'pickRate', descending: true });
  const sorted = useMemo(() => {
    const valueOf = (card: Card): number | null => {
      if (sort.key === 'name') return null;
      if (sort.key === 'pickRate' && !offeredOnRow(card)) return null;
      return rows.get(card.id)?.[sort.key]?.value ?? null;
    };
    return [...cards].sort((a, b) => {
      if (sort.key === 'name') return (sort.descending ? -1 : 1) * a.name.localeCompare(b.name);
      const x = valueOf(a);
      const y = valueOf(b);
      if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
      return (sort.descending ? y - x : x - y) || a.name.localeCompare(b.name);
    });
  }, [cards, rows, sort]);
  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className={classes.sort} onClick={() => setSort({ key, descending: active ? !sort.descending : key !== 'name' })}>
          {label}
          <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
        </button>
      </th>
    );
  };
  return (
    <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="How cards play, as a table">
      <table className={classes.table}>
        <thead>
          <tr>
            {header('name', 'Card')}
            {FIGURES.map((f) => (
              <Fragment key={f.key}>{header(f.key, f.label)}</Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((card) => (
            <tr key={card.id} data-card-id={card.id}>
              <th scope="row">
                {card.name}
                <span className={classes.kind}>{card.affinity === 'Basic' || card.affinity === 'Leader' ? card.affinity : `Age ${card.age ?? '-'}`}</span>
              </th>
              {FIGURES.map((f) => (
                <td key={f.key}>
                  <FigureText figure={f} estimate={rows.get(card.id)?.[f.key]} card={card} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
