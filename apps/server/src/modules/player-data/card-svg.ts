import type { CatalogueCard } from '@tradedesk/domain/catalogue';
import { rarityLabels, rarityOfId, type Rarity } from '@tradedesk/domain';

/** Background and text colours per rarity (rarities the filters cannot pick use gold or bronze). */
const RARITY_COLOURS: Record<string, { from: string; to: string; text: string }> = {
  rare: { from: '#f5d66b', to: '#c9a227', text: '#2b2205' },
  team_of_the_week: { from: '#2b2b2b', to: '#0d0d0d', text: '#f5d66b' },
  icon: { from: '#f7f1e1', to: '#d8c79a', text: '#3a2f12' },
  ut_heroes: { from: '#6d2bd9', to: '#2a0c66', text: '#ffe27a' },
  cornerstones: { from: '#2f6f4f', to: '#123824', text: '#e9f5ee' },
  ratings_reload: { from: '#1f4fbf', to: '#0b1f5c', text: '#ffffff' },
  common: { from: '#e8d8a8', to: '#b89b4c', text: '#2b2205' },
  low: { from: '#c9c9c9', to: '#8e8e8e', text: '#1f1f1f' },
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The rarity a card is drawn in: the one asked for, else (none or any) the card's own. */
const drawnRarity = (card: CatalogueCard, asked: Rarity = 'any'): Rarity =>
  asked === 'any' ? rarityOfId(card.rarityId) : asked;

function coloursOf(card: CatalogueCard, rarity: Rarity) {
  if (rarity !== 'any') return RARITY_COLOURS[rarity] ?? RARITY_COLOURS.common!;
  return card.rating >= 75 ? RARITY_COLOURS.common! : RARITY_COLOURS.low!;
}

/** Initials for the portrait circle: "Kylian Mbappé" → "KM". */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : name.slice(0, 2)).toUpperCase();
}

/** The portrait image: the player's initials on the rarity colours. */
export function portraitSvg(card: CatalogueCard): string {
  const colours = coloursOf(card, drawnRarity(card));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" role="img" aria-label="${escapeXml(card.name)}">
<rect width="120" height="120" rx="60" fill="${colours.to}"/>
<text x="60" y="74" text-anchor="middle" font-family="sans-serif" font-size="40" font-weight="700" fill="${colours.text}">${escapeXml(initialsOf(card.name))}</text>
</svg>`;
}

/**
 * The card image: rating, position, initials, name and rarity on the rarity's colours. `rarity`
 * (from `/fifa/card?id=&rarity=`) draws the card in that rarity's design, as the game does.
 */
export function cardSvg(card: CatalogueCard, asked?: Rarity): string {
  const rarity = drawnRarity(card, asked);
  const colours = coloursOf(card, rarity);
  const label = rarity === 'any' ? '' : rarityLabels[rarity];
  const name = card.name.length > 18 ? `${card.name.slice(0, 17)}…` : card.name;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="250" viewBox="0 0 180 250" role="img" aria-label="${escapeXml(`${card.name} ${card.rating} ${card.position}`)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours.from}"/><stop offset="1" stop-color="${colours.to}"/></linearGradient></defs>
<path d="M20 8 H160 L172 30 V200 L90 242 L8 200 V30 Z" fill="url(#bg)" stroke="${colours.text}" stroke-opacity="0.35" stroke-width="2"/>
<text x="34" y="52" text-anchor="middle" font-family="sans-serif" font-size="30" font-weight="800" fill="${colours.text}">${card.rating}</text>
<text x="34" y="74" text-anchor="middle" font-family="sans-serif" font-size="15" font-weight="700" fill="${colours.text}">${escapeXml(card.position)}</text>
<circle cx="108" cy="82" r="44" fill="${colours.text}" fill-opacity="0.15"/>
<text x="108" y="96" text-anchor="middle" font-family="sans-serif" font-size="36" font-weight="700" fill="${colours.text}">${escapeXml(initialsOf(card.name))}</text>
<text x="90" y="160" text-anchor="middle" font-family="sans-serif" font-size="16" font-weight="700" fill="${colours.text}">${escapeXml(name)}</text>
<text x="90" y="184" text-anchor="middle" font-family="sans-serif" font-size="11" fill="${colours.text}">${escapeXml(label)}</text>
</svg>`;
}
