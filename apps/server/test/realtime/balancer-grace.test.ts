import { agentReconnectDelayMaxMs } from '@tradedesk/agent';
import { describe, expect, it } from 'vitest';
import { balancerChecks, balancerReturnMs, haproxyConfig } from '../../src/cluster/haproxy.js';
import { agentLossDefaults } from '../../src/realtime/index.js';

/** socket.io-client waits up to 1.5 × the longest delay between two attempts (randomization 0.5). */
const agentNextAttemptMs = 1.5 * agentReconnectDelayMaxMs;

describe('the lost-agent limits and the balancer', () => {
  it('give an agent the balancer’s return of a node and its own next attempt before its runs are lost', () => {
    const recovery = balancerReturnMs + agentNextAttemptMs;
    expect(agentLossDefaults.reconnectGraceMs).toBeGreaterThanOrEqual(recovery);
    expect(agentLossDefaults.heartbeatTimeoutMs).toBeGreaterThanOrEqual(recovery);
  });

  it('renders the check timings the limits were measured against, and cuts no socket of a node marked down', () => {
    const config = haproxyConfig({ bind: '*:8080', backends: [{ name: 'node-1', host: 'a', port: 1 }] });
    expect(config).toContain(
      `default-server inter ${balancerChecks.interMs / 1000}s fastinter ${balancerChecks.fastInterMs / 1000}s downinter ${balancerChecks.downInterMs / 1000}s fall ${balancerChecks.fall} rise ${balancerChecks.rise}`,
    );
    expect(config).not.toContain('shutdown-sessions');
  });
});
