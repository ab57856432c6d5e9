import { describe, expect, it } from 'vitest';
import { clubBadgeUrl, liveConfig, parseGameClientConfig, sandboxConfig } from '../src/index.js';

describe('game client configuration', () => {
  it('points every host at the simulator in the sandbox', () => {
    const config = sandboxConfig('http://127.0.0.1:4100/');

    expect(config.accountsUrl).toBe('http://127.0.0.1:4100');
    expect(config.gatewayUrl).toBe('http://127.0.0.1:4100');
    expect(config.utasUrl).toBe('http://127.0.0.1:4100');
    expect(config.gameSegment).toBe('fc26');
  });

  it("names a club crest by the desk's own path in the sandbox (its port changes at each start), by the content host live", () => {
    expect(clubBadgeUrl(sandboxConfig('http://127.0.0.1:4100/'), 123)).toBe('/api/sandbox/clubs/123.png');
    expect(clubBadgeUrl(sandboxConfig('http://127.0.0.1:4999'), 123)).toBe('/api/sandbox/clubs/123.png');
    expect(clubBadgeUrl(liveConfig(), 7)).toBe(
      'https://www.ea.com/ea-sports-fc/ultimate-team/web-app/content/clubs/7.png',
    );
  });

  it('uses the real FC 26 hosts and ids live', () => {
    const config = liveConfig();

    expect(config.accountsUrl).toBe('https://accounts.ea.com');
    expect(config.gatewayUrl).toBe('https://gateway.ea.com');
    expect(config.utasUrl).toBe('https://utas.mob.v5.prd.futc-ext.gcp.ea.com');
    expect(config.webClientId).toBe('FC26_JS_WEB_APP');
    expect(config.platforms['ps']?.gameSku).toBe('FFA26PS5');
  });

  it('takes a new season as configuration', () => {
    const config = liveConfig({ gameSegment: 'fc27', webClientId: 'FC27_JS_WEB_APP', sku: 'FUT27WEB' });

    expect(config.gameSegment).toBe('fc27');
  });

  it('derives the season ids from an fcNN segment, overrides still winning', () => {
    const config = sandboxConfig('http://127.0.0.1:4100', { gameSegment: 'fc25' });
    const custom = liveConfig({ gameSegment: 'fc27', clubYears: ['2027'] });

    expect(config).toMatchObject({
      webClientId: 'FC25_JS_WEB_APP',
      sku: 'FUT25WEB',
      clubYears: ['2024', '2025'],
      returningUserGameYear: 2024,
    });
    expect(config.platforms['pc']?.gameSku).toBe('FFA25PCC');
    expect(config.platforms['ps']?.gameSku).toBe('FFA25PS5');
    expect(custom.clubYears).toEqual(['2027']);
    expect(custom.sku).toBe('FUT27WEB');
  });

  it('rejects a bad configuration naming the field', () => {
    expect(() => sandboxConfig('not a url')).toThrow(
      'Invalid game client configuration: accountsUrl: Must be an absolute URL',
    );
    expect(() => liveConfig({ gameSegment: 'ultimate' })).toThrow('Game segment must look like fc26');
    expect(() => parseGameClientConfig({ ...liveConfig(), platforms: {} })).toThrow(
      'At least one platform is required',
    );
  });
});
