/**
 * The SQLite data directory's files are private to the account that runs the server: the
 * database holds the session secret (which signs every websocket token) and the secret seeds of
 * running games, so no other account on the machine may read it. The directory is created 0700
 * and the database, the lock and the pid file 0600; SQLite gives its -wal and -shm files the
 * database file's own mode. Files an older version left readable by others lose those bits at
 * the next start (the owner's group keeps what the operator gave it).
 */
import fs from 'node:fs';
import path from 'node:path';

export const DATABASE_FILE = 'mythos.sqlite';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
const OTHERS = 0o007;

/** Takes others' permissions off an existing file or directory (a file we do not own is left as it is). */
function closeToOthers(target: string): void {
  try {
    const { mode } = fs.statSync(target);
    if (mode & OTHERS) fs.chmodSync(target, mode & 0o7777 & ~OTHERS);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'EPERM' && code !== 'ENOENT') throw error;
  }
}

/** The data directory, created 0700 (its parents as the umask says) or closed to others. */
export function prepareDataDir(dataDir: string): void {
  if (fs.existsSync(dataDir)) return closeToOthers(dataDir);
  fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  fs.mkdirSync(dataDir, { mode: PRIVATE_DIR });
  // mkdir's mode passes through the umask, which could only have taken bits away; chmod makes it exact.
  fs.chmodSync(dataDir, PRIVATE_DIR);
}

/** Creates a file 0600 if it does not exist yet (through a symlink, its target), else closes it to others. */
export function preparePrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE));
    fs.chmodSync(file, PRIVATE_FILE);
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  if (!fs.existsSync(file)) {
    // A symlink to a file not there yet: SQLite would create the target with its own 0644.
    fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
    fs.chmodSync(file, PRIVATE_FILE);
    return;
  }
  closeToOthers(file);
}

/**
 * Makes the data directory and its database file private (creating them if need be) and returns
 * the database file's real path, every symlink resolved: what identifies the database, whatever
 * path leads to it.
 */
export function prepareDatabaseFile(dataDir: string, file = DATABASE_FILE): string {
  prepareDataDir(dataDir);
  const database = path.join(dataDir, file);
  preparePrivateFile(database);
  const real = fs.realpathSync(database);
  // SQLite keeps these beside the real file, and sets their mode only when it creates them.
  for (const suffix of ['-wal', '-shm']) closeToOthers(`${real}${suffix}`);
  return real;
}
