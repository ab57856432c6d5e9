import { useQuery } from '@tanstack/react-query';
import { rarityLabels, type Rarity, type SbcClubCardView, type SbcClubView } from '@tradedesk/domain';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { marketQueryKeys } from '../api/market-api';

/** A club card that can carry a delivery: tradeable, named, rare or special (not common). */
export type DeliveryCard = SbcClubCardView & { name: string; rarity: Exclude<Rarity, 'any'> };

const carriesDelivery = (card: SbcClubCardView): card is DeliveryCard =>
  !card.untradeable && card.name !== null && card.rarity !== null;

/**
 * The buyer account's cards that can carry the delivery, from its club's last read (GET
 * /api/sbc/club/{id}): a new user does not know what a new game account's club holds, and the
 * delivery needs one of its tradeable cards (issue 26). Picking one fills the player below.
 */
export function BuyerClubCards({
  accountId,
  onPick,
}: {
  accountId: string;
  onPick: (card: DeliveryCard) => void;
}) {
  const club = useQuery({
    queryKey: [...marketQueryKeys.all, 'club', accountId] as const,
    queryFn: () => api.get<SbcClubView>('sbc', `/club/${encodeURIComponent(accountId)}`),
  });
  if (club.isPending) return null;
  const cards = (club.data?.cards ?? []).filter(carriesDelivery);
  if (!club.data?.readAt)
    return (
      <p className="text-sm opacity-80">
        Read this account’s club on the <Link to={paths.sbc}>SBC page</Link> (Read club) to choose one of its
        cards, or name the player below.
      </p>
    );
  if (cards.length === 0)
    return (
      <p className="text-sm opacity-80">
        This account’s club has no tradeable rare or special card: buy one with it on the transfer market
        first.
      </p>
    );
  return (
    <ul aria-label="Cards on this account" className="flex flex-wrap gap-1">
      {cards.map((card) => (
        <li key={card.itemId}>
          <button type="button" className="btn btn-xs btn-outline" onClick={() => onPick(card)}>
            {card.name} ({card.rating ?? '—'} · {rarityLabels[card.rarity]})
          </button>
        </li>
      ))}
    </ul>
  );
}
