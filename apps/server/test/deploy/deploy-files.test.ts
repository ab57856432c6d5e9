import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { agentCloseLimitMs, agentLeaveLimitMs } from '@tradedesk/agent';
import { nodeBuilds } from '../../scripts/build.js';
import { balancerDrainMs, haproxyConfig } from '../../src/cluster/haproxy.js';
import { shutdownCloseLimitMs } from '../../src/lib/graceful-shutdown.js';

/**
 * The deployment files, checked offline (no container engine runs here): the compose file parses
 * and holds together, the HAProxy file is the one the cluster renders and HAProxy accepts it, the
 * Kubernetes manifests render with kustomize and pass the Kubernetes schema, and the image is built
 * the way docs/operations.md says.
 */
const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFile(join(repoRoot, path), 'utf8');

/** Every `node … apps/<app>/dist/<entry>.js` a deployment file runs must be a bundle the build makes. */
const builtEntries = nodeBuilds.flatMap((target) =>
  Object.keys(target.entryPoints).map((name) => `${target.outdir}/${name}.js`),
);

/** The Kubernetes schema of each API version the manifests use (kubernetes-models validates with it). */
const schemaModels: Record<string, () => Promise<object>> = {
  v1: () => import('kubernetes-models/v1'),
  'apps/v1': () => import('kubernetes-models/apps/v1'),
  'networking.k8s.io/v1': () => import('kubernetes-models/networking.k8s.io/v1'),
  'policy/v1': () => import('kubernetes-models/policy/v1'),
};

interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
}

/** A leaving agent's hand-backs and then its close fit in the time an orchestrator gives it. */
const agentStopMs = agentLeaveLimitMs + agentCloseLimitMs;

describe('deployment files', () => {
  it('compose.yaml runs PostgreSQL, Redis, HAProxy, two nodes, two agents and the sandbox game from the image', async () => {
    const compose = parse(await read('compose.yaml'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    const services = compose.services;
    expect(Object.keys(services).sort()).toEqual(
      ['agent-1', 'agent-2', 'haproxy', 'node-1', 'node-2', 'postgres', 'redis', 'sim'].sort(),
    );
    for (const [name, service] of Object.entries(services)) {
      expect(service.image ?? service.build, name).toBeDefined();
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(Object.keys(services), `${name} depends on ${dependency}`).toContain(dependency);
      const entry = service.command?.find((part) => part.endsWith('.js'));
      if (entry) expect(builtEntries, name).toContain(entry);
    }
    for (const node of ['node-1', 'node-2']) {
      expect(services[node]?.build).toBe('.');
      expect(services[node]?.environment?.NODE_ID).toBe(node);
      expect(services[node]?.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(services[node]?.healthcheck?.test.join(' ')).toContain('/readyz');
      // A draining node stays up while HAProxy may still send it new requests.
      expect(Number(services[node]?.environment?.SHUTDOWN_DRAIN_MS)).toBeGreaterThanOrEqual(balancerDrainMs);
      // Compose kills a node that has not exited by then: it must have drained and closed.
      expect(Number.parseInt(services[node]?.stop_grace_period ?? '10s', 10) * 1_000, node).toBeGreaterThan(
        Number(services[node]?.environment?.SHUTDOWN_DRAIN_MS) + shutdownCloseLimitMs,
      );
    }
    // The second node waits for the first, which migrates the database.
    expect(services['node-2']?.depends_on?.['node-1']?.condition).toBe('service_healthy');
    expect(services['agent-1']?.environment?.SERVER_URL).toBe('http://haproxy:8080');
    for (const agent of ['agent-1', 'agent-2'])
      expect(Number.parseInt(services[agent]?.stop_grace_period ?? '10s', 10) * 1_000, agent).toBeGreaterThan(
        agentStopMs,
      );
  });

  it('deploy/haproxy/haproxy.cfg is the configuration the cluster renders, and HAProxy accepts it', async () => {
    const rendered = haproxyConfig({
      bind: '*:8080',
      backends: ['node-1', 'node-2'].map((name) => ({ name, host: name, port: 8080 })),
      resolver: '127.0.0.11:53',
    });
    expect(await read('deploy/haproxy/haproxy.cfg')).toBe(rendered);
    const folder = await mkdtemp(join(tmpdir(), 'tradedesk-haproxy-check-'));
    try {
      // The compose host names do not resolve here: the check runs against loopback addresses.
      const local = rendered.replaceAll(/ node-(\d) node-\d:8080/g, ' node-$1 127.0.0.1:808$1');
      await writeFile(join(folder, 'haproxy.cfg'), local);
      const { stdout } = await run(process.env.HAPROXY_BIN ?? 'haproxy', [
        '-c',
        '-f',
        join(folder, 'haproxy.cfg'),
      ]);
      expect(stdout).toContain('Configuration file is valid');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('the Kubernetes manifests render with kustomize and pass the Kubernetes schema', async () => {
    const { stdout } = await run('kubectl', ['kustomize', join(repoRoot, 'deploy/k8s')]);
    const manifests = parseAllDocuments(stdout).map(
      (document) => document.toJSON() as { apiVersion: string; kind: string; metadata: { name: string } },
    );
    for (const manifest of manifests) {
      const models = await schemaModels[manifest.apiVersion]?.();
      const Model = models?.[manifest.kind as keyof typeof models] as
        (new (data: unknown) => { validate(): void }) | undefined;
      expect(Model, `${manifest.apiVersion} ${manifest.kind}`).toBeDefined();
      expect(
        () => new Model!(manifest).validate(),
        `${manifest.kind}/${manifest.metadata.name}`,
      ).not.toThrow();
    }
    const named = (kind: string, name: string) =>
      manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name) as unknown as
        Record<string, never> | undefined;
    const server = named('Deployment', 'server') as unknown as {
      spec: {
        template: {
          metadata: { annotations: Record<string, string> };
          spec: {
            containers: Array<{
              readinessProbe: unknown;
              livenessProbe: unknown;
              args: string[];
              env: Array<{ name: string; value?: string }>;
              ports: Array<{ name: string; containerPort: number }>;
            }>;
          };
        };
      };
    };
    const [container] = server.spec.template.spec.containers;
    // /metrics is on a port of its own that the Service (and so the Ingress) does not expose.
    const metricsPort = container?.env.find((variable) => variable.name === 'METRICS_PORT')?.value;
    expect(container?.ports).toContainEqual({ name: 'metrics', containerPort: Number(metricsPort) });
    expect(server.spec.template.metadata.annotations['prometheus.io/port']).toBe(metricsPort);
    const service = named('Service', 'server') as unknown as {
      spec: { ports: Array<{ port: number; targetPort: string | number }> };
    };
    expect(service.spec.ports.map((port) => port.targetPort)).toEqual(['http']);
    expect(container?.readinessProbe).toMatchObject({ httpGet: { path: '/readyz' } });
    expect(container?.livenessProbe).toMatchObject({ httpGet: { path: '/healthz' } });
    expect(builtEntries).toContain(container?.args.at(-1));
    const agent = named('Deployment', 'agent') as unknown as {
      spec: {
        strategy: { rollingUpdate: { maxUnavailable: number; maxSurge: number } };
        template: {
          spec: {
            terminationGracePeriodSeconds: number;
            containers: Array<{
              readinessProbe: { exec: { command: string[] } };
              env: Array<{ name: string; value?: string }>;
            }>;
          };
        };
      };
    };
    expect(agent.spec.template.spec.terminationGracePeriodSeconds * 1_000).toBeGreaterThan(agentStopMs);
    // An old agent stops only once a new one is Ready, and Ready is the file the agent keeps while
    // connected: its runs' hand-backs then find the new agent's free slots.
    expect(agent.spec.strategy.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
    const [agentContainer] = agent.spec.template.spec.containers;
    const readyFile = agentContainer?.env.find((variable) => variable.name === 'READY_FILE')?.value;
    expect(readyFile).toBeDefined();
    expect(agentContainer?.readinessProbe.exec.command).toEqual(['test', '-f', readyFile]);
    for (const [kind, name] of [
      ['Service', 'server'],
      ['Service', 'sim'],
      ['Deployment', 'agent'],
      ['Deployment', 'sim'],
      ['PodDisruptionBudget', 'server'],
      ['PodDisruptionBudget', 'agent'],
    ] as const)
      expect(named(kind, name), `${kind}/${name}`).toBeDefined();
    const ingress = named('Ingress', 'trade-desk') as unknown as {
      metadata: { annotations: Record<string, string> };
    };
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
  });

  it('the image builds in two stages and runs the production build as a user other than root', async () => {
    const dockerfile = await read('Dockerfile');
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/npm run build/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]');
  });
});
