/**
 * Preloaded into a server process (`--import`) by `bench/server-load.ts --allocation`: V8's
 * sampling heap profiler, over the inspector, from one SIGUSR2 to the next. It counts what the
 * collector freed too (a move's allocations nearly all die young), so the profile's bytes are
 * what the process allocated in between, by allocating call stack, sampled every 16 KB on
 * average. `--heap-prof` would keep only what is alive at exit.
 *
 * Writes `<pid>.sampling` once sampling has started and `<pid>.heapprofile` (the profile's JSON)
 * once it has stopped, in the directory MYTHOS_ALLOCATION_DIR names.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.MYTHOS_ALLOCATION_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  const file = (suffix) => path.join(dir, `${process.pid}.${suffix}`);
  // Written whole, then renamed: the bench reads a file only once it exists.
  const write = (suffix, text) => {
    fs.writeFileSync(`${file(suffix)}.tmp`, text);
    fs.renameSync(`${file(suffix)}.tmp`, file(suffix));
  };
  let sampling = false;
  process.on('SIGUSR2', () => {
    if (!sampling) {
      sampling = true;
      const started = { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
      session.post('HeapProfiler.startSampling', started, (error) => write('sampling', error ? String(error) : 'started'));
      return;
    }
    sampling = false;
    session.post('HeapProfiler.stopSampling', (error, result) => write('heapprofile', JSON.stringify(error ? { error: String(error) } : result.profile)));
  });
}
