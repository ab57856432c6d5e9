import { tierLabels, type Tier } from '@tradedesk/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useUser } from '../features/auth';
import { useDocumentTitle } from '../hooks/use-document-title';

/**
 * A tool page for one plan: a signed-in user on another plan (or none) sees which plan the page
 * needs and where to buy it, instead of a page whose every action the server would refuse. Until
 * the user's tier is known the page shows (the layout waits for it; a failed read leaves the
 * server to decide).
 */
export function RequirePlan({
  tier,
  needsPlanMessage,
  children,
}: {
  tier: Exclude<Tier, 'none'>;
  /** The server's refusal for this tool, shown as the page's notice. */
  needsPlanMessage: string;
  children: ReactNode;
}) {
  const user = useUser();
  if (user.data === undefined || user.data.tier === tier) return children;
  return <PlanNeeded title={tierLabels[tier]} message={needsPlanMessage} />;
}

function PlanNeeded({ title, message }: { title: string; message: string }) {
  useDocumentTitle(title);
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p role="alert" className="alert alert-warning">
        {message}.{' '}
        <Link to={paths.subscription} className="link">
          See plans
        </Link>
      </p>
    </section>
  );
}
