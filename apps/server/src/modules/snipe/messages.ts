import { snipePlanRequiredMessage } from '@tradedesk/domain';

/** Texts of the snipe hub the spec leaves open (docs/decisions/server.md). */
export const snipeMessages = {
  tierRequired: snipePlanRequiredMessage,
  alreadyRunning: 'This account is already sniping',
  notRunning: 'This account is not sniping',
  noAgent: 'No snipe agent is available right now. Please try again later.',
  agentRefused: (message: string) => `The snipe could not start: ${message}`,
  agentLost: 'The snipe agent running this account stopped responding. Start the snipe again.',
  handBackFailed:
    'The snipe agent running this account shut down and no other agent could take the run. Start the snipe again.',
  waitingForAgent:
    'The snipe agent running this account shut down and every other agent is busy: the run goes on as soon as one is free.',
  lostWaitingForAgent:
    'The snipe agent running this account stopped responding: the run goes on as soon as an agent is free.',
  noAgentInTime: (waitMs: number) => {
    const minutes = Math.max(1, Math.round(waitMs / 60_000));
    return `The snipe agent running this account shut down and no other agent was free within ${minutes === 1 ? '1 minute' : `${minutes} minutes`}. Start the snipe again.`;
  },
  headfulFallback: 'Headful mode is not available yet: this account snipes headless.',
  switchUnsupported: 'Switching filters needs exactly one filter',
  snipeFilterOnly: 'Only snipe filters can be switched to',
} as const;
