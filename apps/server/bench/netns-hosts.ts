/**
 * Hosts for the cluster bench made of Linux network namespaces (iproute2, run as root): each host
 * is a namespace with its own loopback and one veth pair whose other end sits on a bridge in the
 * bench's namespace, so every call between hosts crosses network interfaces as between machines.
 * The bench itself (browsers, the sandbox game, HAProxy) is at the bridge's address.
 *
 * Namespaces are removed on exit, on SIGINT/SIGTERM and on an uncaught error, after their
 * processes are killed (a namespace lives on while a process is in it); leftovers of an earlier,
 * killed run of the bench are removed before the new hosts are made.
 */
import { execFileSync } from 'node:child_process';

export interface Host {
  name: string;
  /** The namespace's name (`ip netns exec <ns> …`). */
  ns: string;
  /** Its address on the bridge. */
  address: string;
  /** The veth end on the bridge side: taking it down cuts the host off (a partition). */
  link: string;
}

export interface Hosts {
  /** The bench's own address on the bridge (HAProxy, the sandbox game and the browsers). */
  bridgeAddress: string;
  get(name: string): Host;
  /** The command line that runs `argv` on the host. */
  wrap(name: string): string[];
  linkDown(name: string): void;
  linkUp(name: string): void;
  /** kill -9 every process of the host. */
  killAll(name: string): number;
  remove(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const quietly = (step: () => unknown) => {
  try {
    step();
  } catch {
    // already gone
  }
};

/** The process ids in a namespace. */
const pidsOf = (ns: string) =>
  quietlyRead(() => ip('netns', 'pids', ns))
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 0);

function quietlyRead(read: () => string) {
  try {
    return read();
  } catch {
    return '';
  }
}

function removeAll(prefix: string, bridge: string) {
  const namespaces = quietlyRead(() => ip('netns', 'list'))
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((ns) => ns.startsWith(`${prefix}-`));
  for (const ns of namespaces) {
    for (const pid of pidsOf(ns)) quietly(() => process.kill(pid, 'SIGKILL'));
    quietly(() => ip('netns', 'del', ns));
  }
  quietly(() => ip('link', 'del', bridge));
  // A veth pair goes with its namespace, but only once the kernel has let the namespace go.
  const links = quietlyRead(() => ip('-o', 'link', 'show'))
    .split('\n')
    .map((line) => line.split(':')[1]?.trim().split('@')[0] ?? '')
    .filter((link) => new RegExp(`^${prefix}\\d+o$`).test(link));
  for (const link of links) quietly(() => ip('link', 'del', link));
}

/**
 * Makes one namespace per name on the subnet 10.<subnet>.0.0/24 (the bridge is .1, hosts from .11).
 * `prefix` names the namespaces, links and bridge (short: interface names hold 15 characters).
 */
export function createHosts(names: readonly string[], prefix = 'tdh', subnet = 88): Hosts {
  if (process.getuid?.() !== 0) throw new Error('network-namespace hosts need root (ip netns add)');
  const bridge = `${prefix}br`;
  removeAll(prefix, bridge);
  const bridgeAddress = `10.${subnet}.0.1`;
  const hosts = new Map<string, Host>();
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    removeAll(prefix, bridge);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    remove();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', remove);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('uncaughtException', (error) => {
    remove();
    console.error(error);
    process.exit(1);
  });
  try {
    ip('link', 'add', bridge, 'type', 'bridge');
    ip('addr', 'add', `${bridgeAddress}/24`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');
    names.forEach((name, index) => {
      const ns = `${prefix}-${name}`;
      const outside = `${prefix}${index}o`;
      const inside = `${prefix}${index}i`;
      const address = `10.${subnet}.0.${11 + index}`;
      ip('netns', 'add', ns);
      ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
      ip('link', 'set', inside, 'netns', ns);
      ip('link', 'set', outside, 'master', bridge);
      ip('link', 'set', outside, 'up');
      ip('-n', ns, 'addr', 'add', `${address}/24`, 'dev', inside);
      ip('-n', ns, 'link', 'set', inside, 'up');
      ip('-n', ns, 'link', 'set', 'lo', 'up');
      hosts.set(name, { name, ns, address, link: outside });
    });
  } catch (error) {
    remove();
    throw error;
  }
  const get = (name: string) => {
    const host = hosts.get(name);
    if (!host) throw new Error(`no host named ${name}`);
    return host;
  };
  return {
    bridgeAddress,
    get,
    wrap: (name) => ['ip', 'netns', 'exec', get(name).ns],
    linkDown: (name) => void ip('link', 'set', get(name).link, 'down'),
    linkUp: (name) => void ip('link', 'set', get(name).link, 'up'),
    killAll(name) {
      const pids = pidsOf(get(name).ns);
      for (const pid of pids) quietly(() => process.kill(pid, 'SIGKILL'));
      return pids.length;
    },
    remove,
  };
}
