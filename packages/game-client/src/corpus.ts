import { readFileSync } from 'node:fs';
import { z } from 'zod';

const exchangeSchema = z.object({
  name: z.string().min(1),
  note: z.string().optional(),
  request: z.object({
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
    /** Path from the host root, e.g. `/ut/game/fc26/transfermarket`. */
    path: z.string().startsWith('/'),
    /** Query values as strings, as they travel. */
    query: z.record(z.string(), z.string()).optional(),
    body: z.unknown().optional(),
  }),
  response: z.object({ status: z.number().int(), body: z.unknown() }),
});
export type CorpusExchange = z.infer<typeof exchangeSchema>;

const corpusSchema = z.object({
  description: z.string(),
  gameSegment: z.string(),
  exchanges: z.array(exchangeSchema).min(1),
});
export type ProtocolCorpus = z.infer<typeof corpusSchema>;

/** Where the corpus file lives (for tests that scan its raw text). */
export const protocolCorpusUrl = new URL('../corpus/protocol-corpus.json', import.meta.url);

/**
 * The sanitised request/answer corpus both the client's and the sandbox game's tests read:
 * one source of truth for the wire shapes. Placeholders in angle brackets stand for secrets.
 */
export function loadProtocolCorpus(): ProtocolCorpus {
  return corpusSchema.parse(JSON.parse(readFileSync(protocolCorpusUrl, 'utf8')));
}

/** One exchange by name; throws when the corpus has no such entry. */
export function corpusExchange(corpus: ProtocolCorpus, name: string): CorpusExchange {
  const exchange = corpus.exchanges.find((entry) => entry.name === name);
  if (exchange === undefined) throw new Error(`No corpus exchange named "${name}"`);
  return exchange;
}
