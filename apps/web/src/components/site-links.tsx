import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { env } from '../config/env';
import { paths } from '../config/paths';

/** The community (chat) server, where tickets, trials and support live; opens in a new tab. */
export const CommunityLink = ({ children = 'community server' }: { children?: ReactNode }) => (
  <a href={env.communityUrl} target="_blank" rel="noreferrer" className="link link-primary">
    {children}
  </a>
);

/** The refund policy page. */
export const RefundPolicyLink = () => (
  <Link to={paths.refundPolicy} className="link link-primary">
    refund policy
  </Link>
);
