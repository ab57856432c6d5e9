// What the player does with the selected item or a pile: buy, bid, watch, list, move, quick sell,
// remove, clear sold and re-list all; each answered with a toast and a refreshed view.
import { services } from './services.js';
import { confirmAction, failure, main, state, toast } from './page.js';
import { PILES, selection, showPile, showResults } from './lists.js';

const priceOf = (testId) => Number(main.querySelector(`[data-testid=${testId}]`)?.value || 0);

async function refreshAfter() {
  if (state.view.name === 'market-results') {
    const selected = selection();
    if (selected?.trade?.tradeId) {
      const answer = await services.Market.status([selected.trade.tradeId]);
      const fresh = answer.success ? answer.data.auctionInfo[0] : undefined;
      if (fresh) state.market.rows[state.market.selected] = fresh;
    }
    showResults();
  } else if (PILES[state.view.name]) await showPile(state.view.name, true);
}

export async function act(action) {
  const selected = selection();
  const item = selected?.item;
  const trade = selected?.trade;
  switch (action) {
    case 'buy': {
      if (!(await confirmAction(`Are you sure you want to buy this item for ${trade.buyNowPrice} coins?`)))
        return;
      const answer = await services.Market.bid(trade.tradeId, trade.buyNowPrice);
      if (!answer.success) return failure('Buy Now', answer);
      toast(`Purchase successful: bought for ${trade.buyNowPrice} coins.`);
      const bought = answer.data.auctionInfo?.[0];
      if (bought && state.view.name === 'market-results') state.market.rows[state.market.selected] = bought;
      return state.view.name === 'market-results' ? showResults() : refreshAfter();
    }
    case 'bid': {
      const amount = priceOf('bid-amount');
      const answer = await services.Market.bid(trade.tradeId, amount);
      if (!answer.success) return failure('Bid', answer);
      toast(`Bid successful: ${amount} coins.`);
      const fresh = answer.data.auctionInfo?.[0];
      if (fresh && state.view.name === 'market-results') state.market.rows[state.market.selected] = fresh;
      return state.view.name === 'market-results' ? showResults() : refreshAfter();
    }
    case 'watch':
    case 'unwatch': {
      const answer = await services.Market[action](trade.tradeId);
      if (!answer.success) return failure(action === 'watch' ? 'Watch' : 'Unwatch', answer);
      toast(action === 'watch' ? 'Added to your transfer targets.' : 'Removed from your transfer targets.');
      return refreshAfter();
    }
    case 'list': {
      const start = priceOf('list-start-price');
      const buyNow = priceOf('list-buy-now-price');
      const duration = Number(main.querySelector('[data-testid=list-duration]').value);
      if (selected.pile !== 'transfer-list') {
        const moved = await services.Item.move(item.id, 'trade', wonTradeId(selected));
        if (!moved.success) return failure('List', moved);
        const result = moved.data.itemData[0];
        if (!result?.success)
          return toast(`List failed: ${result?.reason ?? 'error'}`, 'error', result?.errorCode);
      }
      const answer = await services.Market.list(item.id, start, buyNow, duration);
      if (!answer.success) return failure('List', answer);
      toast(`Listed on the transfer market for ${buyNow} coins.`);
      return afterItemLeft();
    }
    case 'send-to-transfer-list':
    case 'send-to-club': {
      const pile = action === 'send-to-club' ? 'club' : 'trade';
      const answer = await services.Item.move(item.id, pile, wonTradeId(selected));
      if (!answer.success) return failure('Move', answer);
      const result = answer.data.itemData[0];
      if (!result?.success)
        return toast(`Move failed: ${result?.reason ?? 'error'}`, 'error', result?.errorCode);
      toast(pile === 'club' ? 'Sent to your club.' : 'Sent to your transfer list.');
      return afterItemLeft();
    }
    case 'quick-sell': {
      if (
        !(await confirmAction(
          `Are you sure you want to quick sell this item for ${item.discardValue} coins?`,
        ))
      )
        return;
      const answer = await services.Item.quickSell(item.id);
      if (!answer.success) return failure('Quick sell', answer);
      await services.User.credits();
      toast(`Quick sold for ${item.discardValue} coins.`);
      return afterItemLeft();
    }
    case 'remove': {
      const answer = await services.Market.removeEntry(trade.tradeId);
      if (!answer.success) return failure('Remove', answer);
      toast('Removed from your transfer list.');
      return refreshAfter();
    }
    default:
  }
}

/** A won auction's item is moved with its trade id, as the game's client does. */
function wonTradeId(selected) {
  return selected.trade && (selected.pile === 'market' || selected.pile === 'targets')
    ? selected.trade.tradeId
    : undefined;
}

async function afterItemLeft() {
  if (state.view.name === 'market-results') {
    state.market.rows.splice(state.market.selected, 1);
    state.market.selected = -1;
    showResults();
  } else if (PILES[state.view.name]) await showPile(state.view.name, true);
}

export async function pileAction(action) {
  const answer =
    action === 'clear-sold' ? await services.Market.clearSold() : await services.Market.relistAll();
  if (!answer.success) return failure(action === 'clear-sold' ? 'Clear sold' : 'Re-list all', answer);
  await services.User.credits();
  toast(action === 'clear-sold' ? 'Sold items cleared.' : 'Expired items re-listed.');
  await showPile('transfer-list');
}
