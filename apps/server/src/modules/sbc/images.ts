/** The SBC images the page shows (challenge, sub-challenge, pack): drawn here, like the player cards. */
export const sbcImageKinds = ['challenge', 'sub-challenge', 'pack'] as const;
export type SbcImageKind = (typeof sbcImageKinds)[number];

const COLOURS: Record<SbcImageKind, { from: string; to: string; text: string }> = {
  challenge: { from: '#1f4fbf', to: '#0b1f5c', text: '#ffffff' },
  'sub-challenge': { from: '#2f6f4f', to: '#123824', text: '#e9f5ee' },
  pack: { from: '#f5d66b', to: '#c9a227', text: '#2b2205' },
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A badge for one image id: the kind's colours and the id's number (or its initials). */
export function sbcImageSvg(kind: SbcImageKind, imageId: string): string {
  const colours = COLOURS[kind];
  const label =
    kind === 'pack' ? (imageId === 'coins' ? '¢' : 'PACK') : (imageId.match(/\d+$/)?.[0] ?? 'SBC');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(kind)} ${escapeXml(imageId)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours.from}"/><stop offset="1" stop-color="${colours.to}"/></linearGradient></defs>
<path d="M48 4 L88 20 V52 C88 72 70 86 48 92 C26 86 8 72 8 52 V20 Z" fill="url(#g)"/>
<text x="48" y="58" text-anchor="middle" font-family="sans-serif" font-size="${label.length > 3 ? 18 : 26}" font-weight="700" fill="${colours.text}">${escapeXml(label)}</text>
</svg>`;
}
