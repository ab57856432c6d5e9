import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../database.js';
import { hubHookTimeoutMs, startStack, type Stack } from './stack.js';

/** Every family an operator's dashboard reads (docs/operations.md, deploy/grafana). */
const families = [
  'tradedesk_runs',
  'tradedesk_purchases_total',
  'tradedesk_agent_events_total',
  'tradedesk_agent_capacity',
  'tradedesk_agent_load',
  'tradedesk_sockets',
  'tradedesk_db_pool_waiting',
  'tradedesk_db_pool_connections',
  'tradedesk_webhook_failures_total',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
];

describe.each(backends)('health, readiness and metrics of a node (%s)', (backend) => {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack(backend);
  }, hubHookTimeoutMs);
  afterAll(() => stack?.close(), hubHookTimeoutMs);
  const started = () => {
    if (!stack) throw new Error('the stack starts in beforeAll');
    return stack;
  };

  it('names every metric family in Prometheus text, with the connected agent and its socket', async () => {
    const response = await fetch(`${started().server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    for (const family of families) expect(text, family).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    const agentId = started().agent.agentId;
    expect(text).toContain(`tradedesk_agent_capacity{agent="${agentId}"} 10`);
    expect(text).toContain(`tradedesk_agent_load{agent="${agentId}"} 0`);
    expect(text).toContain('tradedesk_sockets{hub="/client/agent"} 1');
    // A kind and status with no run yet still has its series, at 0.
    expect(text).toMatch(/^tradedesk_runs\{kind="rehearsal",status="lost"\} 0$/m);
  });

  it('is live and ready with its database, and not ready once it drains', async () => {
    const health = await fetch(`${started().server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ data: { status: 'ok' } });
    const ready = await fetch(`${started().server.url}/readyz`);
    expect(ready.status).toBe(200);
    const { data } = (await ready.json()) as {
      data: { ready: boolean; checks: Record<string, { ok: boolean }> };
    };
    expect(data.ready).toBe(true);
    expect(data.checks.database?.ok).toBe(true);

    started().server.app.readiness.drain();
    const draining = await fetch(`${started().server.url}/readyz`);
    expect(draining.status).toBe(503);
    const body = (await draining.json()) as { data: { checks: Record<string, { message?: string }> } };
    expect(body.data.checks.draining?.message).toBe('The node is shutting down');
    // Liveness is not readiness: a draining node is still alive.
    expect((await fetch(`${started().server.url}/healthz`)).status).toBe(200);
  });
});

describe('the Grafana dashboard', () => {
  it('charts every family of the node', async () => {
    const dashboard = await readFile(
      new URL('../../../../deploy/grafana/trade-desk.json', import.meta.url),
      'utf8',
    );
    const { panels } = JSON.parse(dashboard) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const queries = panels.flatMap((panel) => panel.targets.map((target) => target.expr)).join('\n');
    for (const family of families)
      if (family.startsWith('tradedesk_')) expect(queries, family).toContain(family);
  });
});
