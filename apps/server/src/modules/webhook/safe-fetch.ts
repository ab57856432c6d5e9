import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses a user-supplied URL must never reach: this machine, private networks, link-local. */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

export class BlockedAddressError extends Error {
  constructor(host: string) {
    super(`Refusing to call ${host}: private or local address`);
    this.name = 'BlockedAddressError';
  }
}

export interface SafeFetchOptions {
  /** How long one call may take. Retrying is the delivery queue's job (./delivery.ts). */
  timeoutMs?: number;
  /** The sandbox may post to 127.0.0.1 (a local receiver); nothing else private, ever. */
  allowLoopback?: boolean;
  /** Replaceable resolver (tests). */
  resolve?: (host: string) => Promise<string[]>;
}

function isBlocked(address: string, allowLoopback: boolean): boolean {
  if (allowLoopback && address === '127.0.0.1') return false;
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  const family = isIP(mapped) === 6 ? 'ipv6' : 'ipv4';
  return privateRanges.check(mapped, family);
}

const defaultResolve = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The one way the server calls a user-supplied URL (chat webhooks): http(s) only, no private or
 * local address (every resolved address is checked), no redirects, a timeout; one attempt.
 */
export function createSafeFetch(options: SafeFetchOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const resolve = options.resolve ?? defaultResolve;
  const allowLoopback = options.allowLoopback ?? false;

  async function assertPublic(url: URL) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error('Only http(s) URLs are allowed');
    if (url.username !== '' || url.password !== '') throw new Error('URLs with credentials are not allowed');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : await resolve(host);
    if (addresses.length === 0 || addresses.some((address) => isBlocked(address, allowLoopback)))
      throw new BlockedAddressError(host);
  }

  return async function safeFetch(input: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    await assertPublic(url);
    // Redirects could lead to a private address: they are not followed.
    return fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  };
}

export type SafeFetch = ReturnType<typeof createSafeFetch>;
