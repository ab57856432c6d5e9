import { describe, expect, it } from 'vitest';
import { pageFailureText } from './web-app-window.js';

describe('page-only failures', () => {
  it("name what the page could not do in the spec's run-log words", () => {
    expect(pageFailureText({ service: 'Market', method: 'search', args: [{}, 0] })).toBe(
      'Unable to find search button',
    );
    expect(pageFailureText({ service: 'Item', method: 'move', args: [1, 'club'] })).toBe(
      'Failed to send player to club',
    );
    expect(pageFailureText({ service: 'Item', method: 'move', args: [1, 'trade'] })).toBe(
      'Failed to move player to transfer list',
    );
    expect(pageFailureText({ service: 'Market', method: 'list', args: [1, 150, 200, 3600] })).toBe(
      'Failed to list player',
    );
    expect(pageFailureText({ service: 'Item', method: 'quickSell', args: [1] })).toBe(
      'Failed to sell player',
    );
    expect(pageFailureText({ service: 'User', method: 'credits', args: [] })).toBe(
      'Unable to fetch market data',
    );
  });
});
