/**
 * A bot that is a program: started with the shell, it reads one JSON request per line on stdin
 * and answers each with one JSON line on stdout (docs/bots.md). Its stderr is passed through, for
 * the author's own logging. One process serves a seat for one game.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Why a program's answer could not be had; the caller names the seat and the turn. */
export class BotAnswerError extends Error {
  override name = 'BotAnswerError';
}

export class ExecBot {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended: string | null = null;

  constructor(readonly command: string) {
    // A process group of its own, so that the shell and whatever it started can be killed together.
    this.child = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'inherit'] });
    this.child.stdin!.on('error', () => undefined); // a bot that quits early: reported by ask()
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      if (this.waiting) {
        const deliver = this.waiting;
        this.waiting = null;
        deliver(line);
      } else this.lines.push(line);
    });
    this.child.on('error', (error) => this.end(`could not start: ${error.message}`));
    this.child.on('exit', (code, signal) => this.end(`stopped (${signal ?? `exit code ${code}`}) without answering`));
  }

  private end(reason: string): void {
    this.ended ??= reason;
    if (this.waiting) {
      const deliver = this.waiting;
      this.waiting = null;
      deliver(null);
    }
  }

  /** Sends one request and waits for the next line, for at most `timeoutMs`. */
  async ask(request: unknown, timeoutMs: number): Promise<unknown> {
    if (this.ended !== null && this.lines.length === 0) throw new BotAnswerError(this.ended);
    this.child.stdin!.write(`${JSON.stringify(request)}\n`);
    const line = this.lines.shift() ?? (await this.nextLine(timeoutMs));
    if (line === null) throw new BotAnswerError(this.ended ?? 'stopped without answering');
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw new BotAnswerError(`answered something that is not JSON: ${JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}...` : line)}`);
    }
  }

  private nextLine(timeoutMs: number): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new BotAnswerError(`did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
    });
  }

  /**
   * Closes its stdin (the sign to quit) and kills it if it is still there a moment later, or at
   * once with `now` (a bot that did not answer in time).
   */
  close({ now = false } = {}): void {
    this.child.stdin!.end();
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const kill = () => {
      try {
        process.kill(-this.child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    if (now) return kill();
    const timer = setTimeout(kill, 1_000);
    this.child.once('exit', () => clearTimeout(timer));
  }
}
