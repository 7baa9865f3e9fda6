/**
 * The war probability table: the chance that the higher bid wins a 2-player clash, by bid difference
 * and age, computed in the page by the engine's own clash function (exact, ties re-rolled).
 */
import { clashWinProbabilities } from '../../engine/probability.js';
import classes from './rules.module.css';

export const PROBABILITY_DIFFERENCES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
export const PROBABILITY_AGES = [1, 2, 3] as const;

/** A probability as the table prints it: a percentage with one decimal. */
export function percent(p: number): string {
  return `${(p * 100).toFixed(1)}%`;
}

export function ProbabilityTable() {
  return (
    <div className={classes.tableWrap} role="region" tabIndex={0} aria-label="War probability table">
      <table className={classes.probability} data-testid="war-probability-table">
        <caption>Chance that the higher bid wins a 2-player clash</caption>
        <thead>
          <tr>
            <th scope="col">Bid difference</th>
            {PROBABILITY_AGES.map((age) => (
              <th scope="col" key={age}>
                Age {age} ({age} {age === 1 ? 'die' : 'dice'})
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PROBABILITY_DIFFERENCES.map((difference) => (
            <tr key={difference}>
              <th scope="row">{difference}</th>
              {PROBABILITY_AGES.map((age) => {
                const p = clashWinProbabilities(age, [difference, 0])[0]!;
                return (
                  <td key={age} data-age={age} data-difference={difference} data-p={p}>
                    <span className={classes.bar} style={{ width: `${Math.round(p * 100)}%` }} aria-hidden="true" />
                    <span className={classes.barText}>{percent(p)}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
