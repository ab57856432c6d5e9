import { formatCompactNumber, platformShortLabels, rarityLabels } from '@tradedesk/domain';
import { lazy, useState } from 'react';
import { createPortal } from 'react-dom';
import { OpenDialog } from '../../../components/ui/open-dialog';
import { apiUrl } from '../../../lib/api-client';
import type { PlayerEntry } from '../api/get-players-page';
import { priceSites } from '../price-sites';

// The chart library and the answer's schema load when a price history is first opened.
const PriceHistoryDialog = lazy(() =>
  import('./price-history-dialog').then((module) => ({ default: module.PriceHistoryDialog })),
);

function PriceLine({ label, price }: { label: string; price: PlayerEntry['pc'] }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="text-sm opacity-70">{label}</dt>
      <dd
        className={`font-semibold ${price.isStale ? 'opacity-60' : ''}`}
        title={price.isStale ? 'Stale price' : undefined}
      >
        {price.current === null ? '—' : formatCompactNumber(price.current)}
        {/* Said in text as well: a phone has no hover to show the title. */}
        {price.isStale && price.current !== null && (
          <>
            {' '}
            <span className="text-xs font-normal">stale</span>
          </>
        )}
      </dd>
    </div>
  );
}

/** One player: card image, badges, PC and console prices and links to the price sites. */
export function PlayerCard({ player }: { player: PlayerEntry }) {
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  // The shared Modal gives the focus back to this card's button when the dialog closes.
  const closeHistory = () => setHistoryOpen(false);
  const badges = [
    player.isSBC && 'SBC',
    player.isObjective && 'Objective',
    player.isExtinct && 'Extinct',
  ].filter((badge): badge is string => !!badge);
  return (
    <article
      className="card bg-base-200 border-base-300 border shadow-sm"
      aria-label={`${player.name} ${player.rating}`}
    >
      <div className="card-body gap-3 p-4">
        <div className="flex items-start gap-3">
          <img
            src={apiUrl('player-data', `fifa/card/${player.id}`)}
            alt={`${player.name} card`}
            width={72}
            height={100}
            loading="lazy"
            className="shrink-0"
          />
          <div className="min-w-0">
            <h2 className="card-title truncate text-base">{player.name}</h2>
            <p className="text-sm opacity-70">
              {player.rating} · {player.position}
              {player.rarity === 'any' ? '' : ` · ${rarityLabels[player.rarity]}`}
            </p>
            <ul className="mt-1 flex flex-wrap gap-1" aria-label="Badges">
              {badges.map((badge) => (
                <li key={badge} className="badge badge-sm badge-outline">
                  {badge}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <dl className="flex flex-col gap-1">
          <PriceLine label={platformShortLabels.pc} price={player.pc} />
          <PriceLine label={platformShortLabels.ps} price={player.ps} />
        </dl>
        <div className="card-actions flex-wrap justify-end">
          <button
            type="button"
            className="btn btn-xs btn-outline mr-auto"
            aria-haspopup="dialog"
            aria-label={`Price history of ${player.name} ${player.rating}`}
            onClick={() => setHistoryOpen(true)}
          >
            Price history
          </button>
          {priceSites.map((site) => (
            <a
              key={site.key}
              className="btn btn-xs btn-outline"
              href={site.url(player[site.key])}
              target="_blank"
              rel="noreferrer noopener"
            >
              {site.label}
            </a>
          ))}
        </div>
      </div>
      {/* On the body, not in the card: the card's styles (daisyUI's `.card figure`) stay out of it. */}
      {isHistoryOpen &&
        createPortal(
          <OpenDialog isOpen label="Loading the price history…">
            <PriceHistoryDialog player={player} onClose={closeHistory} />
          </OpenDialog>,
          document.body,
        )}
    </article>
  );
}
