import {
  euroToCents,
  formatEuroCents,
  formatFullNumber,
  marketMessages,
  orderAmountCents,
  platformLabels,
  rarityLabels,
  rarityOptions,
  type Account,
  type Platform,
  type Rarity,
} from '@tradedesk/domain';
import { useState } from 'react';
import { Field, FieldAlert } from '../../../components/ui/field';
import { SelectField, TextField } from '../../../components/ui/form-controls';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { useOnceWhilePending } from '../../../components/ui/use-once-while-pending';
import { PlayerNameField, type PlayerSuggestion } from '../../../common/filters';
import { useCreateListing, usePurchase, type ListingView } from '../api/market-api';
import { BuyerClubCards } from './buyer-club-cards';
import { markInvalid } from '../../../components/ui/invalid-marking';
import { readCoinBalance } from '../../../common/accounts/coin-balance';

const accountName = (account: Account) => account.username || account.email;
/** An offered account's balance: a never-read one says so rather than a balance of 0. */
const coinsLabel = (coins: number | null) =>
  coins === null ? 'coins not read yet' : `${formatFullNumber(coins)} coins`;

/**
 * Create listing (spec 001 §2, §5): only accounts in no listing and not already chosen are
 * offered; platform defaults to PC; price in euro per 100,000 coins; the balance each account keeps.
 */
export function CreateListingModal({
  isOpen,
  onClose,
  accounts,
  listedAccountIds,
}: {
  isOpen: boolean;
  onClose: () => void;
  accounts: readonly Account[];
  listedAccountIds: ReadonlySet<string>;
}) {
  const [platform, setPlatform] = useState<Platform>('pc');
  const [chosen, setChosen] = useState<string[]>([]);
  const [price, setPrice] = useState('');
  const [minimumBalance, setMinimumBalance] = useState('0');
  const close = () => {
    setChosen([]);
    setPrice('');
    setMinimumBalance('0');
    setPlatform('pc');
    onClose();
  };
  const create = useCreateListing(close);
  const submitListing = useOnceWhilePending(
    () =>
      create.mutate({
        accountIds: chosen,
        price: Number(price),
        minimumBalance: Number(minimumBalance),
        platform,
      }),
    create.isPending,
  );
  const offered = accounts.filter(
    (account) =>
      !listedAccountIds.has(account.id) &&
      !chosen.includes(account.id) &&
      (account.platform ?? 'pc') === platform,
  );
  const chosenAccounts = chosen.flatMap((id) => accounts.filter((account) => account.id === id));
  return (
    <Modal
      isOpen={isOpen}
      title="Create Listing"
      onClose={close}
      actions={
        <ModalActions
          confirmLabel="Submit"
          onCancel={close}
          isDisabled={chosen.length === 0 || price === ''}
          isPending={submitListing.isHeld}
          onConfirm={submitListing.run}
        />
      }
    >
      <div className="flex flex-col gap-3">
        <Field label="Platform">
          <select
            className="select select-bordered"
            value={platform}
            onChange={(event) => {
              setPlatform(event.target.value as Platform);
              setChosen([]);
            }}
          >
            <option value="pc">{platformLabels.pc}</option>
            <option value="ps">{platformLabels.ps}</option>
          </select>
        </Field>
        <Field label="Add account" hint="Accounts already in a listing are not offered.">
          <select
            className="select select-bordered"
            value=""
            onChange={(event) => event.target.value && setChosen([...chosen, event.target.value])}
          >
            <option value="">{offered.length === 0 ? 'No more accounts' : 'Choose an account'}</option>
            {offered.map((account) => (
              <option key={account.id} value={account.id}>
                {accountName(account)} ({coinsLabel(readCoinBalance(account))})
              </option>
            ))}
          </select>
        </Field>
        <ul aria-label="Chosen accounts" className="flex flex-col gap-1">
          {chosenAccounts.map((account) => (
            <li key={account.id} className="flex items-center justify-between gap-2">
              <span>{accountName(account)}</span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`Remove ${accountName(account)}`}
                onClick={() => setChosen(chosen.filter((id) => id !== account.id))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
        <TextField
          label="Price (€ per 100,000 coins)"
          className="input input-bordered"
          inputMode="decimal"
          value={price}
          onValueChange={setPrice}
        />
        <TextField
          label="Minimum balance"
          hint="Coins each account keeps; only the coins above it are sold."
          className="input input-bordered"
          inputMode="numeric"
          value={minimumBalance}
          onValueChange={setMinimumBalance}
        />
      </div>
    </Modal>
  );
}

/** The delivery card must be rare or special (the server refuses common cards), so Any is not offered. */
const deliveryRarityOptions = rarityOptions.filter((option) => option.value !== 'any');

/** The form's coins refused before sending: more than the listing can deliver. */
function coinsProblem(coins: string, listing: ListingView | undefined): string | undefined {
  if (listing === undefined || coins.trim() === '') return undefined;
  const wanted = Number(coins);
  return wanted > listing.coins ? marketMessages.coinsAboveListing(listing.coins) : undefined;
}

/** What the coins typed cost at the listing's price (the checkout's amount), once they are a whole number the listing can deliver. */
function orderCost(coins: string, listing: ListingView | undefined): string | undefined {
  const wanted = Number(coins.trim());
  if (listing === undefined || coins.trim() === '' || !Number.isSafeInteger(wanted) || wanted <= 0)
    return undefined;
  if (coinsProblem(coins, listing) !== undefined) return undefined;
  const cents = orderAmountCents(wanted, euroToCents(listing.price));
  return `${formatFullNumber(wanted)} coins for ${formatEuroCents(cents)}`;
}

/**
 * Purchase listing (spec 001 §2, §5): coins (at most what the listing can deliver) and the buyer
 * account (submit disabled until both are set), and the player whose card that account lists so
 * the seller's accounts can buy it (the delivery), found by name as in the transfer filter.
 */
export function PurchaseModal({
  listing,
  onClose,
  accounts,
}: {
  listing: ListingView | undefined;
  onClose: () => void;
  accounts: readonly Account[];
}) {
  const [coins, setCoins] = useState('');
  const [buyerAccountId, setBuyerAccountId] = useState('');
  const [rarity, setRarity] = useState<Rarity>('rare');
  const [playerName, setPlayerName] = useState('');
  const [player, setPlayer] = useState<PlayerSuggestion | undefined>(undefined);
  const close = () => {
    setCoins('');
    setBuyerAccountId('');
    setRarity('rare');
    setPlayerName('');
    setPlayer(undefined);
    onClose();
  };
  const purchase = usePurchase(close);
  // One order per click: a double click bought twice.
  const submitPurchase = useOnceWhilePending(() => {
    if (listing && player)
      purchase.mutate({ id: listing.id, coins: Number(coins), buyerAccountId, cardId: Number(player.id) });
  }, purchase.isPending);
  const usable = accounts.filter((account) => (account.platform ?? 'pc') === listing?.platform);
  const coinsError = coinsProblem(coins, listing);
  const cost = orderCost(coins, listing);
  return (
    <Modal
      isOpen={listing !== undefined}
      title="Purchase Listing"
      onClose={close}
      actions={
        <ModalActions
          confirmLabel="Submit"
          onCancel={close}
          isDisabled={
            coins === '' || buyerAccountId === '' || player === undefined || coinsError !== undefined
          }
          isPending={submitPurchase.isHeld}
          onConfirm={submitPurchase.run}
        />
      }
    >
      <div className="flex flex-col gap-3">
        {listing && (
          <p className="text-sm">
            Up to {formatFullNumber(listing.coins)} coins at €{listing.price.toFixed(2)} per 100,000. You pay
            at the checkout; the money is held until the coins reach your account.
          </p>
        )}
        <TextField
          label="Coins"
          {...markInvalid('input input-bordered', coinsError !== undefined)}
          inputMode="numeric"
          value={coins}
          onValueChange={setCoins}
        />
        <FieldAlert message={coinsError} />
        {cost !== undefined && <p className="text-sm font-semibold">{cost}</p>}
        <Field label="Buyer account">
          <select
            className="select select-bordered"
            value={buyerAccountId}
            onChange={(event) => setBuyerAccountId(event.target.value)}
          >
            <option value="">Choose an account</option>
            {usable.map((account) => (
              <option key={account.id} value={account.id}>
                {accountName(account)}
              </option>
            ))}
          </select>
        </Field>
        <p className="text-sm opacity-80">
          The delivery card: a tradeable rare or special card of this player on the buyer account. It lists
          the card and the seller’s accounts buy it, once per transfer.
        </p>
        {buyerAccountId !== '' && (
          <BuyerClubCards
            accountId={buyerAccountId}
            onPick={(card) => {
              setRarity(card.rarity);
              setPlayerName(card.name);
              setPlayer({
                id: card.definitionId,
                name: card.name,
                ...(card.rating === null ? {} : { rating: card.rating }),
              });
            }}
          />
        )}
        <SelectField
          label="Rarity"
          options={deliveryRarityOptions}
          value={rarity}
          onChange={(event) => {
            setRarity(event.target.value as Rarity);
            setPlayer(undefined);
          }}
        />
        <PlayerNameField
          label="Player"
          value={playerName}
          rarity={rarity}
          onChange={(name) => {
            setPlayerName(name);
            setPlayer(undefined);
          }}
          onPick={(suggestion) => {
            setPlayerName(suggestion.name);
            setPlayer(suggestion);
          }}
        />
        {player && (
          <p className="text-sm" aria-label="Delivery card">
            {player.name}
            {player.rating !== undefined && ` (${player.rating})`} · {rarityLabels[rarity]}
          </p>
        )}
      </div>
    </Modal>
  );
}
