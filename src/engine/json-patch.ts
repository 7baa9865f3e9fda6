/**
 * What changed between two JSON values, as an RFC 6902 JSON Patch (`add`, `remove`, `replace`
 * only), and applying one. The server sends a viewer the patch from its last view to the next
 * instead of the whole view; the web client and the tests apply it with this same module. Pure
 * and dependency-free, so it lives beside the engine, which both sides may import.
 *
 * `diff` treats a property whose value is `undefined` as absent (JSON drops it), so applying the
 * patch to the JSON of `before` gives exactly the JSON of `after`. `applyPatch` copies on write:
 * the input is never changed, and what the patch does not touch is shared with it.
 */

/** A JSON value. (Typed, not `unknown`: tRPC's inferred wire types make an `unknown` field optional.) */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type PatchOperation =
  | { op: 'add'; path: string; value: JsonValue }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: JsonValue };

export type Patch = PatchOperation[];

/** A patch that does not fit the document it is applied to. */
export class PatchError extends Error {
  override readonly name = 'PatchError';
}

type JsonObject = Record<string, unknown>;

/**
 * A property's value as JSON has it: a key a JSON object lacks may still read as one of
 * Object.prototype's functions (`constructor`), and JSON holds no functions.
 */
const own = (object: JsonObject, key: string): unknown => {
  const value = object[key];
  return typeof value === 'function' ? undefined : value;
};

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * RFC 6901: `~` is `~0` and `/` is `~1` inside a reference token. Checked with `includes`, not a
 * regular expression literal: a literal is a new RegExp object each time it is evaluated, and
 * every key of every path the diff spells came through here (a quarter of what computing a
 * viewer's step allocated).
 */
const escape = (key: string) => (key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key);
/** A key as a reference token of a pointer. */
const token = (key: string | number) => (typeof key === 'number' ? String(key) : escape(key));
const unescape = (token: string) => (token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token);

/**
 * Pointers spelled before, by parent pointer and key. A server diffs every viewer's step, and the
 * same pointers come back step after step and viewer after viewer (a step's `/game/sequenceID`,
 * each player's counters): spelled anew, each was two concatenations, and the message's JSON then
 * copied each into a flat string again. Spelled once, a pointer is one string every patch shares,
 * flattened by the first serialisation. Bounded: the keys come from views (user ids, event
 * indexes), and past MAX_POINTERS the whole cache starts again. Marked pure so that the web
 * client, which only applies patches, leaves it out of its bundle.
 */
const pointerCache = /* @__PURE__ */ new Map<string, Map<string | number, string>>();
const MAX_POINTERS = 20_000;
let pointersCached = 0;

/** `parent` (a pointer) with one more reference token, `key`'s, spelled once for every patch. */
export function pointer(parent: string, key: string | number): string {
  let children = pointerCache.get(parent);
  const known = children?.get(key);
  if (known !== undefined) return known;
  if (pointersCached >= MAX_POINTERS) {
    pointerCache.clear();
    pointersCached = 0;
    children = undefined;
  }
  if (!children) pointerCache.set(parent, (children = new Map()));
  const pointer = `${parent}/${token(key)}`;
  children.set(key, pointer);
  pointersCached++;
  return pointer;
}

/** The patch that turns `before` into `after`. */
export function diff(before: unknown, after: unknown): Patch {
  return new Differ().diff(before, after);
}

/**
 * The walk keeps the path as a stack of keys and spells it only for an operation it emits: most
 * of a view is unchanged, and building a pointer for every value visited was most of the cost.
 */
class Differ {
  private readonly patch: Patch = [];
  private readonly keys: (string | number)[] = [];
  /**
   * `pointers[i]` spells `keys[0..i]`, for the first `spelled` keys: the operations of one step
   * cluster (four players' bids, one player's counters), and siblings share their parent's
   * pointer instead of each spelling it again.
   */
  private readonly pointers: string[] = [];
  private spelled = 0;

  diff(before: unknown, after: unknown): Patch {
    this.walk(before, after);
    return this.patch;
  }

  private path(last?: string | number): string {
    const depth = this.keys.length;
    for (let i = this.spelled; i < depth; i++) this.pointers[i] = pointer(i === 0 ? '' : this.pointers[i - 1]!, this.keys[i]!);
    this.spelled = depth;
    const parent = depth === 0 ? '' : this.pointers[depth - 1]!;
    return last === undefined ? parent : pointer(parent, last);
  }

  private enter(key: string | number): void {
    this.keys.push(key);
  }

  private leave(): void {
    this.keys.pop();
    if (this.spelled > this.keys.length) this.spelled = this.keys.length;
  }

  private walk(a: unknown, b: unknown): void {
    if (a === b) return;
    if (Array.isArray(a) && Array.isArray(b)) return this.walkArray(a, b);
    if (isObject(a) && isObject(b)) {
      // Keys of `a` that `b` kept are counted on the way, so the search for removed keys runs
      // only when there are some (views mostly keep all their keys). The keys are read with
      // `for…in`, not `Object.keys`: V8 takes a plain object's keys from its shape's cache
      // without allocating an array, and the diff visits every object of every view a step.
      let kept = 0;
      for (const key in b) {
        const value = b[key];
        if (value === undefined) continue;
        const was = own(a, key);
        if (was === undefined) this.patch.push({ op: 'add', path: this.path(key), value: value as JsonValue });
        else {
          kept++;
          if (was === value) continue;
          this.enter(key);
          this.walk(was, value);
          this.leave();
        }
      }
      let count = 0;
      for (const _ in a) count++;
      if (kept === count) return;
      for (const key in a) if (a[key] !== undefined && own(b, key) === undefined) this.patch.push({ op: 'remove', path: this.path(key) });
      return;
    }
    if (!equal(a, b)) this.patch.push({ op: 'replace', path: this.path(), value: b as JsonValue });
  }

  /**
   * Arrays element by element, after the common head and tail: an appended event is one `add`, a
   * card taken from the middle of a hand one `remove`, and a changed field deep inside an element
   * (favor revealed in an old event) one `replace`.
   */
  private walkArray(a: unknown[], b: unknown[]): void {
    const shorter = Math.min(a.length, b.length);
    let tail = 0;
    if (a.length !== b.length) {
      let head = 0;
      while (head < shorter && equal(a[head], b[head])) head++;
      while (tail < shorter - head && equal(a[a.length - 1 - tail], b[b.length - 1 - tail])) tail++;
    }
    const aEnd = a.length - tail;
    const bEnd = b.length - tail;
    const common = Math.min(aEnd, bEnd);
    for (let i = 0; i < common; i++) {
      if (a[i] === b[i]) continue;
      this.enter(i);
      this.walk(a[i], b[i]);
      this.leave();
    }
    for (let i = common; i < bEnd; i++) this.patch.push({ op: 'add', path: this.path(i), value: b[i] as JsonValue });
    for (let i = aEnd - 1; i >= common; i--) this.patch.push({ op: 'remove', path: this.path(i) });
  }
}

/** Deep equality of JSON values (an `undefined` property counts as absent). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as JsonObject;
  const y = b as JsonObject;
  let count = 0;
  // `for…in` for the keys, as in the diff: no array allocated for each object compared.
  for (const key in x) {
    if (x[key] === undefined) continue;
    count++;
    if (!equal(x[key], own(y, key))) return false;
  }
  for (const key in y) if (y[key] !== undefined) count--;
  return count === 0;
}

/** `document` with the patch applied, in order; throws a PatchError if the patch does not fit. */
export function applyPatch<T>(document: T, patch: Patch): T {
  // Containers copied during this call may be changed in place by the later operations. (A Set,
  // not a WeakSet: it lives for one call, and a WeakSet's lookups cost several times more.)
  const copies = new Set<object>();
  const mine = <C extends object>(container: C): C => {
    if (copies.has(container)) return container;
    const copy = (Array.isArray(container) ? container.slice() : { ...container }) as C;
    copies.add(copy);
    return copy;
  };
  let root: unknown = document;
  for (const operation of patch) {
    const path = operation.path;
    if (path === '') {
      if (operation.op === 'remove') throw new PatchError('cannot remove the whole document');
      root = operation.value;
      continue;
    }
    if (path[0] !== '/') throw new PatchError(`bad path ${path}`);
    if (typeof root !== 'object' || root === null) throw new PatchError(`no container at ${path}`);
    root = mine(root);
    let parent = root as JsonObject | unknown[];
    // The tokens are read off the path in place: most operations are one or two levels deep.
    let from = 1;
    for (let slash = path.indexOf('/', from); slash >= 0; from = slash + 1, slash = path.indexOf('/', from)) {
      const token = unescape(path.slice(from, slash));
      const child = read(parent, token, path);
      if (typeof child !== 'object' || child === null) throw new PatchError(`no container at ${path}`);
      const copy = mine(child);
      write(parent, token, copy);
      parent = copy as JsonObject | unknown[];
    }
    change(parent, unescape(path.slice(from)), operation);
  }
  return root as T;
}

function read(parent: JsonObject | unknown[], token: string, path: string): unknown {
  if (Array.isArray(parent)) return parent[index(parent, token, path, false)];
  if (!Object.hasOwn(parent, token)) throw new PatchError(`nothing at ${path}`);
  return parent[token];
}

function write(parent: JsonObject | unknown[], token: string, value: unknown): void {
  if (Array.isArray(parent)) parent[Number(token)] = value;
  else define(parent, token, value);
}

/**
 * A plain property, even one named `__proto__` (whose assignment would set the prototype). Only
 * that key goes through defineProperty: on every key it turned the copied objects into slow
 * dictionary-mode ones, and applying patches spent most of its time there.
 */
function define(object: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

function index(array: unknown[], token: string, path: string, adding: boolean): number {
  const i = token === '-' && adding ? array.length : /^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : NaN;
  if (!(i >= 0 && i < array.length + (adding ? 1 : 0))) throw new PatchError(`no index ${token} at ${path}`);
  return i;
}

function change(parent: JsonObject | unknown[], token: string, operation: PatchOperation): void {
  if (Array.isArray(parent)) {
    const i = index(parent, token, operation.path, operation.op === 'add');
    if (operation.op === 'add') {
      if (i === parent.length) parent.push(operation.value);
      else parent.splice(i, 0, operation.value);
    } else if (operation.op === 'remove') parent.splice(i, 1);
    else parent[i] = operation.value;
    return;
  }
  if (operation.op !== 'add' && !Object.hasOwn(parent, token)) throw new PatchError(`nothing at ${operation.path}`);
  if (operation.op === 'remove') delete parent[token];
  else define(parent, token, operation.value);
}
