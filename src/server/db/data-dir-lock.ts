/**
 * One server per SQLite data directory. Two servers on the same file would each resume the same
 * games and drive their bots, serving diverging states; so a server holds an exclusive SQLite
 * lock on `server.lock` in the data directory for as long as it runs. The operating system drops
 * the lock when the process ends, however it ends (SIGKILL, a crash), so a stale lock never
 * outlives its server and no pid has to be trusted. The admin CLI never takes it: it works on the
 * database itself (WAL) beside a running server.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export const LOCK_FILE = 'server.lock';
const PID_FILE = 'server.pid';

export interface DataDirLock {
  release(): void;
}

/** Another live process holds the data directory. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    super(`another Mythos server${holderPid === null ? '' : ` (pid ${holderPid})`} is already using the data directory ${dataDir}`);
  }
}

function readPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the data directory's lock, or throws DataDirBusyError at once if a live server holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new SQLite(path.join(dataDir, LOCK_FILE));
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    // An open exclusive transaction keeps every other connection, in any process, off the file.
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) throw new DataDirBusyError(dataDir, readPid(dataDir));
    throw error;
  }
  // For the message a second server prints: informative only, never used to decide.
  fs.writeFileSync(path.join(dataDir, PID_FILE), `${process.pid}\n`);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      db.exec('ROLLBACK');
      db.close();
      fs.rmSync(path.join(dataDir, PID_FILE), { force: true });
    },
  };
}
