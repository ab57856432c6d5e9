import { describe, expect, it } from 'vitest';
import {
  hasUnstorableCharacters,
  idText,
  storableText,
  textMessages,
  unstorablePayloadMessage,
} from './text.js';

describe('storable text', () => {
  it('finds NUL and lone surrogates but passes paired ones (emoji)', () => {
    expect(hasUnstorableCharacters('a\u0000b')).toBe(true);
    expect(hasUnstorableCharacters('\ud800')).toBe(true);
    expect(hasUnstorableCharacters('x\udc00')).toBe(true);
    expect(hasUnstorableCharacters('\udc00\ud800')).toBe(true);
    expect(hasUnstorableCharacters('Mbappé ⚽ 😀')).toBe(false);
  });

  it('refuses unstorable and over-long text with the field-independent messages', () => {
    const label = storableText(5);
    expect(label.safeParse('abcde').success).toBe(true);
    expect(label.safeParse('abcdef').error?.issues[0]?.message).toBe(textMessages.tooLong(5));
    expect(label.safeParse('a\u0000').error?.issues[0]?.message).toBe(textMessages.unstorable);
  });

  it('names a labelled field in both messages, with the limit grouped in thousands', () => {
    const address = storableText(2_048, 'Webhook URL');
    expect(address.safeParse('x'.repeat(2_049)).error?.issues[0]?.message).toBe(
      'Webhook URL must be at most 2,048 characters',
    );
    expect(address.safeParse('https://a.example/\u0000').error?.issues[0]?.message).toBe(
      'Webhook URL contains characters that are not allowed',
    );
  });

  it('needs an id to be present', () => {
    expect(idText().safeParse('').success).toBe(false);
    expect(idText().safeParse('x'.repeat(65)).success).toBe(false);
    expect(idText().parse('3f2a')).toBe('3f2a');
  });
});

describe('unstorablePayloadMessage: the first check of every request and socket message', () => {
  it.each([
    [{ id: '\u0000' }, textMessages.unstorable],
    [{ '\u0000': 'key' }, textMessages.unstorable],
    [[{ deep: ['x\ud800'] }], textMessages.unstorable],
    [{ delay: Number.POSITIVE_INFINITY }, textMessages.notFinite],
    [JSON.parse('{"a":'.repeat(100) + '1' + '}'.repeat(100)), textMessages.tooDeep],
  ])('refuses %j', (payload, message) => {
    expect(unstorablePayloadMessage(payload)).toBe(message);
  });

  it('names a labelled field by its label, at any depth, and no other', () => {
    const labels = { discordWebhookUrl: 'Webhook URL' };
    expect(unstorablePayloadMessage({ discordWebhookUrl: 'https://a\u0000' }, labels)).toBe(
      'Webhook URL contains characters that are not allowed',
    );
    expect(unstorablePayloadMessage({ providers: { discordWebhookUrl: '\ud800' } }, labels)).toBe(
      'Webhook URL contains characters that are not allowed',
    );
    expect(unstorablePayloadMessage({ telegramId: '\u0000' }, labels)).toBe(textMessages.unstorable);
    expect(unstorablePayloadMessage({ toString: '\u0000' }, labels)).toBe(textMessages.unstorable);
  });

  it.each([[{ label: 'Ronaldo 😀', maxPrice: 1_000, list: [1, 'a', null, true] }], ['plain'], [undefined]])(
    'accepts %j',
    (payload) => {
      expect(unstorablePayloadMessage(payload)).toBeUndefined();
    },
  );
});
