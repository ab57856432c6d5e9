import { hasToolAccess, subscriptionExpiredMessage, tierLabels } from '@tradedesk/domain';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useUser, type SessionUser } from '../features/auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useAuthStore, useIsSignedIn } from '../stores/auth-store';
import { formatDate } from '../utils/format';

const features = [
  {
    title: 'Snipe',
    text: 'Search the market and buy underpriced players on all your accounts, then relist or sell.',
    to: paths.snipe,
  },
  {
    title: 'Transfer',
    text: 'Move coins between two of your own accounts through a player card at a set price.',
    to: paths.transfer,
  },
  {
    title: 'SBC',
    text: 'Solve squad-building challenges with the cheapest squad and let the bot buy the players.',
    to: paths.sbc,
  },
  { title: 'Players', text: 'Browse PC and console market prices for every player card.', to: paths.players },
];

function ProfileSummary({ username, user }: { username: string; user: SessionUser }) {
  const isSniper = user.tier === 'snipe';
  return (
    <section aria-label="Your subscription" className="card bg-base-200 border-base-300 border">
      <div className="card-body gap-4">
        <h1 className="card-title text-2xl">Welcome back, {user.username ?? username}</h1>
        {user.tier !== 'none' &&
          !hasToolAccess({ tier: user.tier, expiresAt: user.expiresAt ?? null }, new Date()) && (
            <p role="alert" className="alert alert-warning">
              {subscriptionExpiredMessage}{' '}
              <Link to={paths.subscription} className="link">
                Renew
              </Link>
            </p>
          )}
        <div className="stats stats-vertical sm:stats-horizontal bg-base-100 shadow-sm">
          <div className="stat">
            <div className="stat-title">Tier</div>
            <div className="stat-value text-2xl">{tierLabels[user.tier]}</div>
          </div>
          <div className="stat">
            <div className="stat-title">Credits</div>
            <div className="stat-value text-2xl">{user.credits}</div>
          </div>
          <div className="stat">
            <div className="stat-title">Concurrent accounts</div>
            <div className="stat-value text-2xl">{user.maxAccounts}</div>
          </div>
          <div className="stat">
            <div className="stat-title">Joined</div>
            <div className="stat-value text-2xl">{formatDate(user.createdAt)}</div>
          </div>
          <div className="stat">
            <div className="stat-title">Expires</div>
            <div className="stat-value text-2xl">{formatDate(user.expiresAt)}</div>
          </div>
        </div>
        <div className="card-actions">
          <Link to={isSniper ? paths.snipe : paths.transfer} className="btn btn-primary">
            Open {isSniper ? 'Snipe' : 'Transfer'}
          </Link>
          <Link to={paths.sbc} className="btn btn-outline">
            Open SBC
          </Link>
        </div>
      </div>
    </section>
  );
}

export function HomePage() {
  useDocumentTitle();
  const isSignedIn = useIsSignedIn();
  const username = useAuthStore((state) => state.username);
  const user = useUser();
  return (
    <div className="flex flex-col gap-10">
      {isSignedIn && user.data ? (
        <ProfileSummary username={username} user={user.data} />
      ) : (
        <section className="hero bg-base-200 rounded-box py-12">
          <div className="hero-content text-center">
            <div className="max-w-xl">
              <h1 className="text-4xl font-bold sm:text-5xl">Trade Desk</h1>
              <p className="py-6 text-lg opacity-80">
                Automated sniping, coin transfers and squad-building challenges for your Ultimate Team
                accounts.
              </p>
              <div className="flex flex-wrap justify-center gap-2">
                <Link to={paths.login} className="btn btn-primary">
                  Login
                </Link>
                <Link to={paths.subscription} className="btn btn-outline">
                  See plans
                </Link>
              </div>
            </div>
          </div>
        </section>
      )}
      <section aria-label="Tools" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => (
          <Link
            key={feature.title}
            to={feature.to}
            className="card bg-base-100 border-base-300 border transition-shadow hover:shadow-md"
          >
            <div className="card-body">
              <h2 className="card-title">{feature.title}</h2>
              <p className="text-sm opacity-80">{feature.text}</p>
            </div>
          </Link>
        ))}
      </section>
    </div>
  );
}
