/**
 * The bus over PostgreSQL LISTEN/NOTIFY, so that any instance can serve any client: every
 * instance LISTENs on one channel and publishes with pg_notify. An instance delivers its own
 * messages at once, as the memory bus does, and skips them when PostgreSQL echoes them back
 * (each message names the instance that sent it): its own watchers need no round trip. The
 * messages published in one event-loop turn go out in one statement, not one query each.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Listeners, type Bus, type CommitNotices, type Listener, type Topic, type TopicMessages } from './bus.js';

const CHANNEL = 'mythos_bus';
/** PostgreSQL's NOTIFY payload limit is 8000 bytes. */
const MAX_PAYLOAD = 7900;

/** A message as the instances send it: who sent it, its topic, and what it carries. */
interface Envelope {
  origin: string;
  topic: string;
  message: unknown;
}

/**
 * A notification's payload as one of the instances' messages, or null: anyone on the database may
 * NOTIFY the channel, and a payload of `null` read as a message threw in pg's handler, which took
 * the process down.
 */
function envelopeOf(payload: string): Envelope | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { origin, topic, message } = value as Partial<Record<keyof Envelope, unknown>>;
  if (typeof origin !== 'string' || typeof topic !== 'string') return null;
  return { origin, topic, message };
}

export class PgBus implements Bus {
  private readonly listeners = new Listeners();
  private listener: pg.Client | null = null;
  private readonly publisher: pg.Pool;
  private closed = false;
  /** Names this instance in its messages, to skip them when they come back. */
  private readonly origin = randomBytes(8).toString('hex');
  /** Payloads published this turn, sent together on setImmediate. */
  private outbox: { payloads: string[]; sent: Promise<void> } | null = null;

  private constructor(private readonly connectionString: string) {
    this.publisher = new pg.Pool({ connectionString, max: 4 });
    // A dropped idle connection is discarded by the pool; unheard, its 'error' would crash the process.
    this.publisher.on('error', () => undefined);
    // As the database's pool (db/database.ts): a connection ended while lent out is heard.
    this.publisher.on('connect', (client) => client.on('error', () => undefined));
  }

  static async connect(connectionString: string): Promise<PgBus> {
    const bus = new PgBus(connectionString);
    await bus.listen();
    return bus;
  }

  /**
   * Opens the LISTEN connection. If PostgreSQL drops it (a restart, an administrator), it is
   * opened again, retrying with a growing pause; messages published meanwhile are not heard,
   * and each subscriber catches up with the next message on its topic.
   */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      const parsed = envelopeOf(n.payload);
      if (parsed && parsed.origin !== this.origin) this.listeners.deliver(parsed.topic, parsed.message);
    });
    client.on('error', () => undefined); // followed by 'end'
    client.on('end', () => {
      // Only the connection in use starts a new one (a failed attempt is retried by relisten).
      if (this.listener !== client) return;
      this.listener = null;
      if (!this.closed) this.relisten(100);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) await client.end();
    else this.listener = client;
  }

  private relisten(delayMs: number): void {
    setTimeout(() => {
      if (this.closed || this.listener) return;
      this.listen().catch(() => this.relisten(Math.min(delayMs * 2, 5_000)));
    }, delayMs).unref();
  }

  /** A message as NOTIFY carries it: it names this instance, to be skipped when it comes back. */
  private payload<T extends Topic>(topic: T, message: TopicMessages[T]): string {
    const payload = JSON.stringify({ origin: this.origin, topic, message });
    if (payload.length > MAX_PAYLOAD) throw new Error(`bus message on ${topic} is too large (${payload.length} bytes)`);
    return payload;
  }

  /** Here at once, after the publisher's turn, as the memory bus does. */
  private deliverHere<T extends Topic>(topic: T, message: TopicMessages[T]): void {
    queueMicrotask(() => this.listeners.deliver(topic, message));
  }

  readonly commitNotices: CommitNotices = {
    channel: CHANNEL,
    payload: (topic, message) => this.payload(topic, message),
    deliverHere: (topic, message) => {
      if (!this.closed) this.deliverHere(topic, message);
    },
  };

  async publish<T extends Topic>(topic: T, message: TopicMessages[T]): Promise<void> {
    if (this.closed) return;
    const payload = this.payload(topic, message);
    // Here at once; to the other instances with this turn's others.
    this.deliverHere(topic, message);
    if (!this.outbox) {
      const payloads: string[] = [];
      const sent = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        this.outbox = null;
        // unnest yields the array in order, and PostgreSQL delivers a statement's notifications
        // in the order they were made: each topic's messages arrive as they were published.
        await this.publisher.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [CHANNEL, payloads]);
      });
      this.outbox = { payloads, sent };
    }
    this.outbox.payloads.push(payload);
    return this.outbox.sent;
  }

  subscribe<T extends Topic>(topic: T, listener: Listener<TopicMessages[T]>): () => void {
    // Trusted as typed: only this server's publishers write to the channel in this format.
    return this.listeners.add(topic, listener as Listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.listener?.end(), this.publisher.end()]);
  }
}
