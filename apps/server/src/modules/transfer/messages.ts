import { formatFullNumber, launchWhileActiveMessage } from '@tradedesk/domain';

/** Texts of the transfer hub the spec leaves open (docs/decisions/transfer.md). */
export const transferMessages = {
  alreadyRunning: 'One of these accounts is already in a transfer',
  noAgent: 'No transfer agent is available right now. Please try again later.',
  agentRefused: (message: string) => `The transfer could not start: ${message}`,
  agentLost: 'The transfer agent stopped responding. Check both accounts before the next transfer.',
  agentLeft:
    'The transfer agent shut down before the transfer finished. Check both accounts before the next transfer.',
  noResult: 'The transfer did not finish in time. Check both accounts before the next transfer.',
  launchWhileActive: launchWhileActiveMessage,
  unknownAction: 'Unknown action',
  /** The bell's record of a finished transfer (the user's own list: real names, Mask Transfers is for the chat). */
  completedNotice: (player: string, price: number, seller: string, received: number) =>
    `Transfer completed: ${player} for ${formatFullNumber(price)} coins; ${seller} received ${formatFullNumber(received)}`,
  failedNotice: (player: string, reason: string) => `Transfer failed: ${player}. ${reason}`,
} as const;
