import {
  notificationColorOf,
  type NotificationType,
  type ServerLogMessage,
  type SnipeResultReport,
} from '@tradedesk/domain';

/** A Discord-style webhook body: one embed per message. */
export interface WebhookBody {
  username: string;
  embeds: Array<{
    title?: string;
    description: string;
    color: number;
    fields?: Array<{ name: string; value: string; inline?: boolean }>;
    footer?: { text: string };
    timestamp: string;
  }>;
}

const formatCoins = (value: number) => value.toLocaleString('en-US');

/** The chat message of one buy attempt (the engine already masked the name when Mask Snipes is on). */
export function snipeResultMessage(report: SnipeResultReport, clubName: string): ServerLogMessage {
  const failed = report.errorCode !== undefined;
  const type: NotificationType = failed ? 'ERROR' : 'SUCCESS';
  const fields = [
    { name: 'Player', value: report.playerName || `#${report.playerId}`, inline: true },
    { name: 'Buy price', value: formatCoins(report.buyPrice), inline: true },
    { name: 'Sell price', value: formatCoins(report.sellPrice), inline: true },
    { name: failed ? 'Loss' : 'Profit', value: formatCoins(report.value), inline: true },
    { name: 'Platform', value: report.platform === 'pc' ? 'PC' : 'PS/XBOX', inline: true },
  ];
  if (report.listingTime !== undefined)
    fields.push({ name: 'Listing time', value: `${(report.listingTime / 1000).toFixed(1)} s`, inline: true });
  if (failed) fields.push({ name: 'Error code', value: String(report.errorCode), inline: true });
  return {
    title: failed ? 'Snipe failed' : 'Snipe successful',
    message: failed ? `Lost a snipe on ${report.playerName}` : `Sniped ${report.playerName}`,
    clubName,
    type,
    color: notificationColorOf(type),
    fields,
  };
}

/** What a masked message shows instead of a name (the engine masks snipe reports the same way). */
export const MASKED_NAME = '*****';

/** One transfer's outcome as the chat shows it; Mask Transfers hides the card and both accounts. */
export interface TransferResult {
  isSuccess: boolean;
  playerName: string;
  price: number;
  sellerReceived: number;
  buyerName: string;
  sellerName: string;
  reason?: string;
  isMasked: boolean;
}

/** The chat message of a finished transfer. */
export function transferResultMessage(result: TransferResult): ServerLogMessage {
  const type: NotificationType = result.isSuccess ? 'SUCCESS' : 'ERROR';
  const mask = (name: string) => (result.isMasked ? MASKED_NAME : name);
  const fields = [
    { name: 'Player', value: mask(result.playerName), inline: true },
    { name: 'Price', value: formatCoins(result.price), inline: true },
    { name: 'Seller', value: mask(result.sellerName), inline: true },
    { name: 'Buyer', value: mask(result.buyerName), inline: true },
  ];
  if (result.isSuccess)
    fields.push({ name: 'Seller received', value: formatCoins(result.sellerReceived), inline: true });
  else fields.push({ name: 'Reason', value: result.reason ?? '', inline: false });
  return {
    title: result.isSuccess ? 'Transfer completed' : 'Transfer failed',
    message: result.isSuccess
      ? `Moved ${formatCoins(result.price)} coins to ${mask(result.sellerName)}`
      : `The transfer to ${mask(result.sellerName)} failed`,
    clubName: mask(result.buyerName),
    type,
    color: notificationColorOf(type),
    fields,
  };
}

/** A start, stop or break notice. */
export function runNoticeMessage(
  type: NotificationType,
  message: string,
  clubName: string,
  title?: string,
): ServerLogMessage {
  return {
    ...(title === undefined ? {} : { title }),
    message,
    clubName,
    type,
    color: notificationColorOf(type),
  };
}

/** Renders a server log message as the webhook's JSON body. */
export function webhookBody(message: ServerLogMessage, at: Date): WebhookBody {
  const counters =
    message.requests === undefined && message.searches === undefined
      ? undefined
      : `Requests ${message.requests ?? 0} · Searches ${message.searches ?? 0}`;
  return {
    username: 'Trade Desk',
    embeds: [
      {
        ...(message.title === undefined ? {} : { title: message.title }),
        description: message.message,
        color: message.color ?? notificationColorOf(message.type),
        ...(message.fields === undefined ? {} : { fields: message.fields }),
        footer: { text: counters === undefined ? message.clubName : `${message.clubName} · ${counters}` },
        timestamp: at.toISOString(),
      },
    ],
  };
}

/** A message as plain lines: title, text, fields, then the club (Telegram and the chat log). */
function plainLines(message: ServerLogMessage): string[] {
  return [
    ...(message.title === undefined ? [] : [message.title]),
    message.message,
    ...(message.fields ?? []).map((field) => `${field.name}: ${field.value}`),
    ...(message.requests === undefined && message.searches === undefined
      ? []
      : [`Requests ${message.requests ?? 0} · Searches ${message.searches ?? 0}`]),
    message.clubName,
  ].filter((line) => line !== '');
}

/** The logger's form of a DEBUG server log message: Discord's plain `content` (at most 2,000 characters). */
export function logContentBody(message: ServerLogMessage): { username: string; content: string } {
  return {
    username: 'Trade Desk',
    content: `[${message.type}] ${plainLines(message).join('\n')}`.slice(0, 2_000),
  };
}

/** A message as Telegram's sendMessage text (plain, at most 4,096 characters). */
export function telegramText(message: ServerLogMessage): string {
  return plainLines(message).join('\n').slice(0, 4_096);
}
