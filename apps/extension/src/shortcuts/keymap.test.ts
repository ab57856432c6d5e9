import { defaultShortcuts } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutActionFor } from './keymap.js';

const press = (
  key: string,
  modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('shortcutActionFor', () => {
  const keys = defaultShortcuts();

  it('maps the spec defaults to their actions in the market', () => {
    expect(shortcutActionFor(press('s'), keys, 'market')).toBe('search');
    expect(shortcutActionFor(press('b'), keys, 'market')).toBe('buy');
    expect(shortcutActionFor(press('q'), keys, 'market')).toBe('quickSell');
    expect(shortcutActionFor(press('ArrowRight'), keys, 'market')).toBe('nextPage');
    expect(shortcutActionFor(press('ArrowDown'), keys, 'market')).toBe('nextSelection');
    expect(shortcutActionFor(press('l'), keys, 'market')).toBe('increaseMaxBuyNow');
    expect(shortcutActionFor(press('r'), keys, 'market')).toBe('resetSearchFilters');
    expect(shortcutActionFor(press('a'), keys, 'market')).toBe('goTransferMarket');
    expect(shortcutActionFor(press('Escape'), keys, 'market')).toBe('goHome');
  });

  it('applies only the general keys outside the market', () => {
    expect(shortcutActionFor(press('a'), keys, 'other')).toBe('goTransferMarket');
    expect(shortcutActionFor(press('b'), keys, 'other')).toBeUndefined();
  });

  it("uses the user's own keys, in either case, and leaves the old default free", () => {
    const mine = { ...keys, market: { ...keys.market, buy: 'x' } };
    expect(shortcutActionFor(press('X'), mine, 'market')).toBe('buy');
    expect(shortcutActionFor(press('b'), mine, 'market')).toBeUndefined();
  });

  it('leaves presses with Ctrl, Cmd or Alt to the browser', () => {
    expect(shortcutActionFor(press('s', { ctrlKey: true }), keys, 'market')).toBeUndefined();
    expect(shortcutActionFor(press('s', { metaKey: true }), keys, 'market')).toBeUndefined();
    expect(shortcutActionFor(press('a', { altKey: true }), keys, 'market')).toBeUndefined();
  });
});

describe('isTypingTarget', () => {
  it('is true in text fields, selects, text areas and editable content, false on buttons and checkboxes', () => {
    document.body.innerHTML = `<input id="name"><input id="price" type="number"><textarea id="notes"></textarea>
<select id="quality"><option>Any</option></select><div id="editor" contenteditable="true"></div>
<button id="go">Go</button><input id="flag" type="checkbox">`;
    const byId = (id: string) => document.getElementById(id);
    for (const id of ['name', 'price', 'notes', 'quality']) expect(isTypingTarget(byId(id))).toBe(true);
    for (const id of ['go', 'flag']) expect(isTypingTarget(byId(id))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });
});
