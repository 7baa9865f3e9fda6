/**
 * Loaded into the real server process by the crash test (`node --import tsx --import <this>`):
 * kills the process with SIGKILL at one point of the SQLite step log, on the KILL_ON_STEP-th
 * step that holds a person's action (a seat without a bot):
 *   KILL_POINT=append  after the step's rows are written, before its group commits;
 *   KILL_POINT=commit  after its group commits, before any act is answered or published.
 */
import { SqliteStepWriter, type Step } from '../../src/server/services/step-log.js';

const point = process.env.KILL_POINT;
const nth = Number(process.env.KILL_ON_STEP ?? '1');
let seen = 0;

const hasPersonAction = (step: Step) => step.actions.some((a) => step.game.players.find((p) => p.userID === a.userID)?.botType === null);
const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: killed');
};

const writeStep = SqliteStepWriter.prototype.writeStep;
SqliteStepWriter.prototype.writeStep = function (this: SqliteStepWriter, step: Step): boolean {
  const won = writeStep.call(this, step);
  if (point === 'append' && won && hasPersonAction(step) && ++seen === nth) die();
  return won;
};

const writeGroup = SqliteStepWriter.prototype.writeGroup;
SqliteStepWriter.prototype.writeGroup = function (this: SqliteStepWriter, steps: readonly Step[]): boolean[] {
  const won = writeGroup.call(this, steps);
  if (point === 'commit') {
    for (const [i, step] of steps.entries()) if (won[i] && hasPersonAction(step) && ++seen === nth) die();
  }
  return won;
};
