/**
 * One server per SQLite data directory. Two servers on the same file would each resume the same
 * games and drive their bots, serving diverging states; so a server holds an exclusive SQLite
 * lock on `server.lock` in the data directory for as long as it runs. The operating system drops
 * the lock when the process ends, however it ends (SIGKILL, a crash), so a stale lock never
 * outlives its server and no pid has to be trusted. The admin CLI never takes it: it works on the
 * database itself (WAL) beside a running server.
 *
 * The lock is taken in the directory that really holds the database file, every symlink
 * resolved: a second data directory whose `mythos.sqlite` links to the first one's file reaches
 * the same database, and must meet the same lock.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DATABASE_FILE, prepareDatabaseFile, preparePrivateFile } from './data-files.js';

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
    /** The database file's real path, when the data directory reaches it through a symlink. */
    readonly linkedDatabase: string | null = null,
  ) {
    const holder = `another Mythos server${holderPid === null ? '' : ` (pid ${holderPid})`}`;
    super(
      linkedDatabase === null
        ? `${holder} is already using the data directory ${dataDir}`
        : `${holder} is already using the database ${linkedDatabase}, which ${path.join(dataDir, DATABASE_FILE)} links to`,
    );
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
  const database = prepareDatabaseFile(dataDir);
  const lockDir = path.dirname(database);
  const lockFile = path.join(lockDir, LOCK_FILE);
  preparePrivateFile(lockFile);
  const db = new SQLite(lockFile);
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    // An open exclusive transaction keeps every other connection, in any process, off the file.
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new DataDirBusyError(dataDir, readPid(lockDir), lockDir === fs.realpathSync(dataDir) ? null : database);
    }
    throw error;
  }
  // For the message a second server prints: informative only, never used to decide.
  const pidFile = path.join(lockDir, PID_FILE);
  preparePrivateFile(pidFile);
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      db.exec('ROLLBACK');
      db.close();
      fs.rmSync(pidFile, { force: true });
    },
  };
}
