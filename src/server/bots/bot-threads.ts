/**
 * The bots that search (those whose definition `thinks`: the Expert Bot) decide on worker
 * threads, so a live game's search never holds up the event loop that serves every other game.
 * A request carries the seat's own view (never more) and the parts of its decision rng, so the
 * thread answers what the bot would have answered inline. The pool starts its threads when first
 * asked and keeps them; requests beyond the free threads wait, served owner by owner (`decide`),
 * so that one network's many games take one turn, not one each. A thread that fails (an error,
 * or exiting) fails its request only, and is replaced.
 *
 * With a think time (BOT_THINK_MS), a thread stops a search after that long: a person waits for the
 * answer, so in live play it comes in time even when the machine is busy, at the cost of answers
 * that depend on the machine's speed (tournaments and balance runs replay exactly: they count
 * iterations, not milliseconds).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { BotSeed } from '../../bots/harness.js';
import type { Action, BotType, GameView, UserID } from '../../engine/index.js';
import { startTsWorker } from '../ts-worker.js';

export interface BotRequest {
  kind: BotType;
  view: GameView;
  userID: UserID;
  botSeed: BotSeed;
  seat: number;
  sequenceID: number;
}

/** What a thread is started with. */
export interface BotThreadData {
  thinkMs: number;
}

export type BotReply = { id: number; action: Action | null } | { id: number; error: string };

interface Job {
  id: number;
  request: BotRequest;
  /** Whose game asks (decide's `owner`): the waiting requests are served in turn by owner. */
  owner: string;
  resolve: (action: Action | null) => void;
  reject: (error: Error) => void;
}

/** One thread fewer than the machine's cores (at least one): the event loop keeps a core. */
export const defaultBotThreads = (): number => Math.max(1, availableParallelism() - 1);

export class BotThreads {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private started = 0;
  private nextID = 0;
  /** When each owner with a request waiting or worked on was last served (a count of requests served). */
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  private closed = false;

  /** `thinkMs`: the most a searching bot thinks a decision; 0 for its own budget alone. */
  constructor(
    private readonly size: number = defaultBotThreads(),
    private readonly thinkMs = 0,
  ) {}

  /**
   * The bot's action for the request, worked out on a thread. `owner`: whose game asks (the
   * network its Start came from, else its first person: game-service.ts `searchOwner`). Waiting
   * requests are served owner by owner, the one served longest ago first, not in the order they
   * came: one account's ten games of seven Expert Bots, each bid played as soon as its bots had
   * bid, kept ten searches ahead of everyone else's, and another person's Expert Bot took 1.2 s a
   * bid instead of 0.2 s (ten such accounts, ten times that).
   */
  decide(request: BotRequest, owner = ''): Promise<Action | null> {
    if (this.closed) return Promise.reject(new Error('the bot threads are closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextID++, request, owner, resolve, reject });
      this.pump();
    });
  }

  /** Requests waiting for a thread, and requests being worked on. */
  get load(): { waiting: number; working: number } {
    return { waiting: this.queue.length, working: this.busy.size };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the bot threads are closed'));
    const all = [...this.idle.splice(0), ...this.busy.keys()];
    for (const job of this.busy.values()) job.reject(new Error('the bot threads are closed'));
    this.busy.clear();
    await Promise.all(all.map((w) => w.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.started < this.size ? this.start() : null);
      if (!worker) return;
      const job = this.nextJob();
      this.busy.set(worker, job);
      worker.postMessage({ id: job.id, request: job.request });
    }
  }

  /** The waiting request of the owner served longest ago (never, first), the oldest of theirs. */
  private nextJob(): Job {
    let best = 0;
    let bestServed = Infinity;
    this.queue.forEach((job, i) => {
      const served = this.lastServed.get(job.owner) ?? -1;
      if (served < bestServed) {
        bestServed = served;
        best = i;
      }
    });
    const [job] = this.queue.splice(best, 1);
    this.lastServed.set(job!.owner, this.served++);
    return job!;
  }

  /** Forgets when an owner was served once nothing of theirs waits or is worked on. */
  private settled(owner: string): void {
    if (this.queue.some((job) => job.owner === owner)) return;
    for (const job of this.busy.values()) if (job.owner === owner) return;
    this.lastServed.delete(owner);
  }

  private start(): Worker {
    this.started++;
    const worker = startTsWorker(new URL('./bot-thread.ts', import.meta.url), { thinkMs: this.thinkMs } satisfies BotThreadData);
    // An idle thread does not keep the process alive.
    worker.unref();
    worker.on('message', (reply: BotReply) => {
      const job = this.busy.get(worker);
      if (!job || job.id !== reply.id) return;
      this.busy.delete(worker);
      this.settled(job.owner);
      if ('error' in reply) job.reject(new Error(`${job.request.kind} failed on its thread: ${reply.error}`));
      else job.resolve(reply.action);
      if (!this.closed) {
        this.idle.push(worker);
        this.pump();
      }
    });
    let gone = false;
    const lost = (error: Error) => {
      // An error is followed by the exit: the thread is counted out once.
      if (gone) return;
      gone = true;
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.started--;
      if (job) this.settled(job.owner);
      job?.reject(error);
      if (!this.closed) this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`a bot thread exited (code ${code})`)));
    return worker;
  }
}
