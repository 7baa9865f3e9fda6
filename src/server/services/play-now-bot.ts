/**
 * Which bot takes the seats of a Play now table that nobody took: the weakest kind a lobby offers
 * everyone whose rating is above every person's at the table, or the strongest when none is.
 *
 * A rating won from bots rises no higher than the strongest bot's at the table (ratings/model.ts,
 * `botCeilings`), so a table's bots must stand above its people for a win to count: a newcomer
 * (1500) seated with Easy Bots (1500) could win every game and never move. The table was always
 * filled with Advanced Bots (2214), which froze everyone above 2214 the same way: they now meet
 * the Expert Bot (2363).
 */
import { BOTS } from '../../bots/index.js';
import type { BotType } from '../../engine/index.js';
import { botSkill, type Skill } from '../ratings/model.js';

/** The kinds a lobby offers everyone, weakest first. */
const OFFERED: readonly BotType[] = (Object.keys(BOTS) as BotType[]).filter((kind) => BOTS[kind].visibility === 'visible').sort((a, b) => botSkill(a).mu - botSkill(b).mu);

/** The bot for a table of these people (openskill's mu, of which the shown rating is a linear scale). */
export function playNowBot(people: readonly Skill[]): BotType {
  const highest = Math.max(...people.map((p) => p.mu));
  return OFFERED.find((kind) => botSkill(kind).mu > highest) ?? OFFERED[OFFERED.length - 1]!;
}
