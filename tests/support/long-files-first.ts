/**
 * The suite's file order: vitest's own (a project's files by their last run's time when its cache
 * has them, else the largest files first), except that the files known to run longest start
 * first. On a fresh clone there is no cache, and a short file that plays a whole game (the Expert
 * Bot's, 80 lines, about 50 s) started last: one worker played it alone for the last 44 s of a run
 * while the other had nothing left (measured 2026-11-29).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files, longest first (a full run's per-file times); tests/docs/test-config.test.ts holds that each exists. */
export const LONG_FILES = [
  'tests/web/game-screen-details.test.ts',
  'tests/web/playing-people.test.ts',
  'tests/web/live-odds.test.ts',
  'tests/web/game-play.test.ts',
  'tests/web/expert-game.test.ts',
  'tests/web/site.test.ts',
  'tests/web/cards.test.ts',
  'tests/web/lobby.test.ts',
  'tests/web/replay.test.ts',
  'tests/web/presentation-browser.test.ts',
  'tests/web/play-now.test.ts',
  'tests/web/game-multiplayer.test.ts',
  'tests/server/races.test.ts',
  'tests/server/table-clock.test.ts',
  'tests/server/security-websockets.test.ts',
  'tests/server/idle-lobbies.test.ts',
  'tests/server/bot-secrecy.test.ts',
  'tests/server/play-now.test.ts',
  'tests/server/startup.test.ts',
  'tests/server-robustness/crash.test.ts',
];

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index < 0 ? LONG_FILES.length : index;
    };
    // The long files first within each group of projects that run together (`sequence.groupOrder`),
    // whichever project they are in, and the rest as vitest had them (the sort is stable). Sorted
    // project by project, the files of node-isolated (which include two of the longest) started
    // only once every node file had: the node group's last 24 s ran one or two files (2026-11-30).
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder ?? 0;
    return [...sorted].sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}
