/**
 * The bus over PostgreSQL LISTEN/NOTIFY, so that any instance can serve any client: every
 * instance LISTENs on one channel and publishes with pg_notify; an instance hears its own
 * messages too, so delivery is the same for local and remote publishers.
 */
import pg from 'pg';
import { Listeners, type Bus, type Listener } from './bus.js';

const CHANNEL = 'mythos_bus';
/** PostgreSQL's NOTIFY payload limit is 8000 bytes. */
const MAX_PAYLOAD = 7900;

export class PgBus implements Bus {
  private readonly listeners = new Listeners();
  private readonly listener: pg.Client;
  private readonly publisher: pg.Pool;
  private closed = false;

  private constructor(connectionString: string) {
    this.listener = new pg.Client({ connectionString });
    this.publisher = new pg.Pool({ connectionString, max: 4 });
  }

  static async connect(connectionString: string): Promise<PgBus> {
    const bus = new PgBus(connectionString);
    bus.listener.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      const { topic, message } = JSON.parse(n.payload) as { topic: string; message: unknown };
      bus.listeners.deliver(topic, message);
    });
    await bus.listener.connect();
    await bus.listener.query(`LISTEN ${CHANNEL}`);
    return bus;
  }

  async publish(topic: string, message: unknown): Promise<void> {
    if (this.closed) return;
    const payload = JSON.stringify({ topic, message });
    if (payload.length > MAX_PAYLOAD) throw new Error(`bus message on ${topic} is too large (${payload.length} bytes)`);
    await this.publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  }

  subscribe(topic: string, listener: Listener): () => void {
    return this.listeners.add(topic, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.listener.end(), this.publisher.end()]);
  }
}
