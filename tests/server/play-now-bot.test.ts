/**
 * The bot a Play now table gets for the seats nobody took: the weakest kind a lobby offers
 * everyone that stands above every person at the table (a rating won from bots rises no higher
 * than the strongest bot's there), or the strongest when none does.
 */
import { describe, expect, test } from 'vitest';
import { botSkill, INITIAL_SKILL } from '../../src/server/ratings/model.js';
import { playNowBot } from '../../src/server/services/play-now-bot.js';

const at = (mu: number) => ({ mu, sigma: 3 });
const advanced = botSkill('basic_bot').mu;
const expert = botSkill('expert_bot').mu;

describe('playNowBot', () => {
  test('a newcomer meets a bot above them, not the Easy Bot at their own 1500', () => {
    expect(playNowBot([INITIAL_SKILL])).toBe('basic_bot');
    expect(playNowBot([INITIAL_SKILL, INITIAL_SKILL, INITIAL_SKILL])).toBe('basic_bot');
    // Below the Easy Bot, it is above them.
    expect(playNowBot([at(10)])).toBe('easy_bot');
  });

  test('at or above the Advanced Bot, the Expert Bot; above every kind, the strongest', () => {
    expect(playNowBot([at(advanced - 0.01)])).toBe('basic_bot');
    expect(playNowBot([at(advanced)])).toBe('expert_bot');
    expect(playNowBot([at(80)])).toBe('expert_bot');
  });

  test('the strongest person at the table decides, and never a kind lobbies do not offer', () => {
    expect(playNowBot([INITIAL_SKILL, at(advanced + 1)])).toBe('expert_bot');
    // The developers' Advanced Bot 2 stands between the two, unoffered.
    expect(botSkill('basic_bot2').mu).toBeGreaterThan(advanced);
    expect(botSkill('basic_bot2').mu).toBeLessThan(expert);
    expect(playNowBot([at((advanced + botSkill('basic_bot2').mu) / 2)])).toBe('expert_bot');
  });
});
