/**
 * A value serialised once and written into every websocket message that carries it. tRPC's
 * websocket handler serialises each message it sends, its data included: the lobby list (up to 200
 * lobbies) going to a thousand subscribers was serialised a thousand times, and one address's
 * subscriptions made the server push 2.9 GB in 17.6 s, serialising every copy. A subscription
 * yields `serialisedOnce(value)` instead, which holds the value's JSON, made once per value object;
 * `wsEncoder`, the handler's encoder, serialises only the small envelope around it per message.
 */
import { jsonEncoder, type Encoder } from '@trpc/server/adapters/ws';

class Serialised {
  constructor(readonly json: string) {}

  /** Whatever else serialises it (another encoder, a log line) gets the value it stands for. */
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

const serialisations = new WeakMap<object, Serialised>();

/**
 * The value as a subscription yields it to be serialised once, however many sockets it goes to:
 * the same value object (a shared feed hands every subscriber the same one) has the same JSON.
 * Typed as the value, because that is what every client receives.
 */
export function serialisedOnce<T extends object>(value: T): T {
  let serialised = serialisations.get(value);
  if (!serialised) {
    serialised = new Serialised(JSON.stringify(value));
    serialisations.set(value, serialised);
  }
  return serialised as unknown as T;
}

interface DataMessage {
  result: { data?: unknown };
}

const carriesResult = (message: unknown): message is DataMessage =>
  typeof message === 'object' && message !== null && typeof (message as { result?: unknown }).result === 'object' && (message as DataMessage).result !== null;

/**
 * tRPC's JSON encoder, except that data serialised already is written in as it is: the envelope
 * (id, jsonrpc, the result's type) is serialised per message, the data once for all of them. The
 * text is what JSON.stringify makes of the whole message, whose `result` comes last with `data`
 * last in it.
 */
export const wsEncoder: Encoder = {
  encode(message) {
    const data = carriesResult(message) ? message.result.data : undefined;
    if (!carriesResult(message) || !(data instanceof Serialised)) return jsonEncoder.encode(message);
    const { data: _data, ...result } = message.result;
    const { result: _result, ...envelope } = message;
    const head = JSON.stringify({ ...envelope, result });
    // The envelope's text ends with the result's `}` and its own.
    return `${head.slice(0, -2)}${Object.keys(result).length > 0 ? ',' : ''}"data":${data.json}}}`;
  },
  decode: (data) => jsonEncoder.decode(data),
};
