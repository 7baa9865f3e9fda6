/**
 * Which bot takes the seats of a Play now table that nobody took: of the kinds anyone may seat in
 * a lobby, the one whose fixed rating is nearest the people's own. A newcomer alone used to meet
 * Advanced Bots (2214) at 1500: three opponents a game apart from them, where Play a Bot would
 * have offered the Easy Bot first.
 */
import { BOTS } from '../../bots/index.js';
import type { BotType } from '../../engine/index.js';
import { botSkill, INITIAL_SKILL, type Skill } from '../ratings/model.js';

/** The kinds a lobby offers everyone, weakest first. */
const OFFERED: readonly BotType[] = (Object.keys(BOTS) as BotType[]).filter((kind) => BOTS[kind].visibility === 'visible').sort((a, b) => botSkill(a).mu - botSkill(b).mu);

/**
 * The bot for a table of these people: nearest the mean of their skills (openskill's mu, of which
 * the shown rating is a linear scale), the weaker of two equally near. A table of nobody (every
 * person refused a seat) is a newcomer's.
 */
export function playNowBot(people: readonly Skill[]): BotType {
  const mu = people.length === 0 ? INITIAL_SKILL.mu : people.reduce((sum, p) => sum + p.mu, 0) / people.length;
  const distance = (kind: BotType) => Math.abs(botSkill(kind).mu - mu);
  return OFFERED.reduce((best, kind) => (distance(kind) < distance(best) ? kind : best));
}
