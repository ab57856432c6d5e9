import { setImmediate as nextTurn } from 'node:timers/promises';

/** The methods that run SQL; each waits for a turn of the event loop of its own first. */
const statementMethods = new Set<PropertyKey>(['query', 'exec']);

/**
 * PGlite runs each statement on this thread, inside its WebAssembly Postgres, and its answer
 * comes back as a microtask: a loop of awaited statements (a bulk write cut into slices) ran as
 * one task and held the event loop for all of them, seconds at start-up. Against a PostgreSQL
 * server each round trip gives the loop back; this gives PGlite the same shape, so the loop is
 * held for one statement at most and requests are answered between a bulk job's statements.
 * Transactions keep their order and atomicity: their statements wait their turn the same way.
 */
export function statementPerTurn<Client extends object>(client: Client): Client {
  // One wrapper per method, made on first use: a query is read on every statement.
  const wrappers = new Map<PropertyKey, { of: unknown; wrapper: unknown }>();
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function' || key === 'constructor') return value;
      const known = wrappers.get(key);
      if (known?.of === value) return known.wrapper;
      const wrapper = wrapperOf(target, key, value as (...args: unknown[]) => unknown);
      wrappers.set(key, { of: value, wrapper });
      return wrapper;
    },
  });
}

function wrapperOf(target: object, key: PropertyKey, value: (...args: unknown[]) => unknown): unknown {
  // Bound to the client itself: PGlite keeps its state in private fields a proxy cannot reach.
  const method = value.bind(target);
  if (statementMethods.has(key))
    return async (...args: unknown[]) => {
      await nextTurn();
      return method(...args);
    };
  if (key === 'transaction')
    return (callback: (tx: object) => unknown, ...rest: unknown[]) =>
      method((tx: object) => callback(statementPerTurn(tx)), ...rest);
  return method;
}
