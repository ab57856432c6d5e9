import { paths } from '../../config/paths';
import type { Tier } from '@tradedesk/domain';

export type NavLink = { label: string; to: string };

const publicLinks: NavLink[] = [
  { label: 'Subscription', to: paths.subscription },
  { label: 'Coins', to: paths.coins },
  { label: 'Blog', to: paths.blog },
  { label: 'Players', to: paths.players },
];

/**
 * The hover menu (spec §2): public links for everyone; signed-in users also get SBC and their
 * tool, Snipe for the snipe tier and Transfer for any other tier (unknown until the user loads);
 * users with the Admin role also get Admin (docs/decisions/web.md).
 */
export function navLinksFor({
  isSignedIn,
  tier,
  isAdmin = false,
}: {
  isSignedIn: boolean;
  tier: Tier | undefined;
  isAdmin?: boolean;
}): NavLink[] {
  if (!isSignedIn) return publicLinks;
  const toolLinks: NavLink[] = [
    { label: 'SBC', to: paths.sbc },
    { label: 'Marketplace', to: paths.marketplace },
  ];
  if (tier === 'snipe') toolLinks.push({ label: 'Snipe', to: paths.snipe });
  else if (tier !== undefined) toolLinks.push({ label: 'Transfer', to: paths.transfer });
  if (isAdmin) toolLinks.push({ label: 'Admin', to: paths.admin });
  return [...publicLinks, ...toolLinks];
}
