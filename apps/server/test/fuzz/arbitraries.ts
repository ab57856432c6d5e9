import fc from 'fast-check';

/** Text that has broken storage before: NUL, lone surrogates, long runs, odd Unicode. */
export const nastyString = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udc00', 'a\u0000b', 'x\ud800y', '', ' ', '%00', '../', '😀'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 20 }),
  fc.nat({ max: 3_000 }).map((length) => 'x'.repeat(length)),
  fc.constant('y'.repeat(300_000)),
);

/** Numbers that have been accepted though absurd: huge, negative, fractional. */
export const nastyNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 0.5, -1, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value, with the nasty leaves mixed in. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a leaf or branch of a JSON value. */
export function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const own = [prefix];
  if (Array.isArray(value))
    return [...own, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (typeof value === 'object' && value !== null)
    return [...own, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return own;
}

export function replaceAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/** A valid payload with one part swapped for a nasty value (where most 5xx used to hide). */
export function mutated(valid: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  return fc
    .tuple(fc.constantFrom(...paths), nastyJson)
    .map(([path, replacement]) => replaceAt(valid, path, replacement) as Json);
}

/** A body for a route: its valid sample, the sample mutated, or anything at all. */
export function bodyFor(valid: unknown): fc.Arbitrary<unknown> {
  return valid === undefined
    ? nastyJson
    : fc.oneof({ weight: 4, arbitrary: mutated(valid) }, { weight: 1, arbitrary: nastyJson });
}

/** Raw JSON texts JSON.stringify cannot produce: numbers that overflow to Infinity. */
export const rawOverflowBodies = ['{"delay":1e400}', '[1e400]', '{"id":-1e999}', '{"a":'.repeat(200)];
