import { describe, expect, it } from 'vitest';
import { runNoticeMessage, snipeResultMessage, webhookBody } from './embeds.js';

const report = {
  buyerId: 'acc-1',
  platform: 'pc' as const,
  playerId: 20_801,
  playerName: '*****',
  buyPrice: 500,
  sellPrice: 0,
  tax: 0,
  value: 0,
};

describe('chat webhook templates', () => {
  it('renders a successful snipe green with its prices, keeping a masked name masked', () => {
    const body = webhookBody(snipeResultMessage(report, 'My Club'), new Date('2026-01-01T00:00:00Z'));
    const embed = body.embeds[0];
    expect(embed?.title).toBe('Snipe successful');
    expect(embed?.color).toBe(0x57f287);
    expect(embed?.fields?.[0]).toEqual({ name: 'Player', value: '*****', inline: true });
    expect(embed?.fields?.map((field) => field.value)).toContain('500');
    expect(JSON.stringify(body)).not.toContain('Ronaldo');
  });

  it('renders a lost snipe red with its error code', () => {
    const embed = webhookBody(snipeResultMessage({ ...report, errorCode: 461 }, 'My Club'), new Date())
      .embeds[0];
    expect(embed?.title).toBe('Snipe failed');
    expect(embed?.color).toBe(0xed4245);
    expect(embed?.fields).toContainEqual({ name: 'Error code', value: '461', inline: true });
  });

  it('colours notices by type: info blurple, breaks navy, errors red', () => {
    expect(webhookBody(runNoticeMessage('INFO', 'Starting', 'c'), new Date()).embeds[0]?.color).toBe(
      0x5865f2,
    );
    expect(webhookBody(runNoticeMessage('BREAK_START', 'Break', 'c'), new Date()).embeds[0]?.color).toBe(
      0x000080,
    );
    expect(webhookBody(runNoticeMessage('ERROR', 'Lost', 'c'), new Date()).embeds[0]?.color).toBe(0xed4245);
  });
});
