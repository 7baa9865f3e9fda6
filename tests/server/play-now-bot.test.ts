/**
 * The bot a Play now table gets for the seats nobody took: the offered kind nearest the people's
 * mean rating, the weaker of two equally near.
 */
import { describe, expect, test } from 'vitest';
import { displayRating, INITIAL_SKILL, botSkill } from '../../src/server/ratings/model.js';
import { playNowBot } from '../../src/server/services/play-now-bot.js';

const at = (mu: number) => ({ mu, sigma: 3 });

describe('playNowBot', () => {
  test('a newcomer, or a table of nobody, gets the Easy Bot', () => {
    expect(playNowBot([INITIAL_SKILL])).toBe('easy_bot');
    expect(playNowBot([])).toBe('easy_bot');
    expect(playNowBot([INITIAL_SKILL, INITIAL_SKILL, INITIAL_SKILL])).toBe('easy_bot');
  });

  test('each offered kind at its own rating, and never a kind lobbies do not offer', () => {
    expect(playNowBot([botSkill('basic_bot')])).toBe('basic_bot');
    expect(playNowBot([botSkill('expert_bot')])).toBe('expert_bot');
    // Beyond the strongest and below the weakest: the nearest at either end, not the developers'
    // Advanced Bot 2 (between them) nor the hidden Random Card.
    expect(playNowBot([at(80)])).toBe('expert_bot');
    expect(playNowBot([at(-10)])).toBe('easy_bot');
    expect(playNowBot([botSkill('basic_bot2')])).not.toBe('basic_bot2');
  });

  test('the mean of the table decides, and half way between two kinds goes to the weaker', () => {
    const easy = botSkill('easy_bot').mu;
    const advanced = botSkill('basic_bot').mu;
    const halfway = (easy + advanced) / 2;
    expect(displayRating(at(halfway))).toBe(1857);
    expect(playNowBot([at(halfway)])).toBe('easy_bot');
    expect(playNowBot([at(halfway + 0.01)])).toBe('basic_bot');
    // A newcomer beside a player at 2928: their mean is the Advanced Bot's rating.
    expect(playNowBot([INITIAL_SKILL, at(2 * advanced - INITIAL_SKILL.mu)])).toBe('basic_bot');
  });
});
