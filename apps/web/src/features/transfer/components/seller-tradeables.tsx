import { qualityLabels, rarityLabels, type SbcClubCardView, type TransferPlayer } from '@tradedesk/domain';
import { useSellerClub } from '../api/get-seller-club';

/** A club card the transfer can list: tradeable, and named by the catalogue with a rarity and quality. */
type PickableCard = SbcClubCardView & {
  name: string;
  rarity: TransferPlayer['rarity'];
  quality: TransferPlayer['quality'];
};

const isPickable = (card: SbcClubCardView): card is PickableCard =>
  !card.untradeable && card.name !== null && card.rarity !== null && card.quality !== null;

/**
 * The players the seller's account can trade, from its club's last read: a new user does not know
 * what a new account's club holds, and a transfer needs a card the seller owns (issue 26). "Read
 * club" asks the agent to read it; picking a player fills the filter's card.
 */
export function SellerTradeables({
  sellerId,
  onReadClub,
  onPick,
}: {
  sellerId: string | null;
  onReadClub: (accountId: string) => void;
  onPick: (player: Pick<TransferPlayer, 'id' | 'name' | 'rarity' | 'quality'>) => void;
}) {
  const club = useSellerClub(sellerId);
  const cards = (club.data?.cards ?? []).filter(isPickable);
  const isReading = club.data?.isReading === true;
  return (
    <section
      className="bg-base-100 rounded-box flex flex-col gap-2 p-3 text-sm"
      aria-label="Seller’s tradeable players"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold">Seller’s tradeable players</span>
        <button
          type="button"
          className="btn btn-xs"
          disabled={sellerId === null || isReading}
          onClick={() => sellerId !== null && onReadClub(sellerId)}
        >
          {isReading ? 'Reading club…' : 'Read club'}
        </button>
      </div>
      {sellerId === null ? (
        <p className="opacity-70">Choose the seller’s account to see the players it can trade.</p>
      ) : !club.data?.readAt ? (
        <p className="opacity-70">Read the seller’s club to see the players it can trade.</p>
      ) : cards.length === 0 ? (
        <p className="opacity-70">
          The seller’s club has no tradeable player: buy one with that account on the transfer market first.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-1" aria-label="Tradeable players">
          {cards.map((card) => (
            <li key={card.itemId}>
              <button
                type="button"
                className="btn btn-xs btn-outline"
                onClick={() =>
                  onPick({
                    id: card.definitionId,
                    name: card.name,
                    rarity: card.rarity,
                    quality: card.quality,
                  })
                }
              >
                {card.name} ({card.rating} {rarityLabels[card.rarity]} {qualityLabels[card.quality]})
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
