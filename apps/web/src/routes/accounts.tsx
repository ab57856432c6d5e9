import { CommunityLink, RefundPolicyLink } from '../components/site-links';
import { useDocumentTitle } from '../hooks/use-document-title';

const platforms = [
  { id: 'console', title: 'Console', text: 'Ready-to-trade Ultimate Team clubs for console.' },
  { id: 'pc', title: 'PC', text: 'Ready-to-trade Ultimate Team clubs for PC.' },
] as const;

const disclaimers = [
  'Account orders are placed through a support ticket in the community server and take a few days to deliver.',
  'Accounts are delivered with their sign-in e-mail and password; change both, and set up your own two-step verification and backup codes, as soon as you receive them.',
  'Using automation on any account can lead to transfer-market bans, permanent bans and the loss of coins and cards. Trade Desk cannot guarantee that an account will not be restricted.',
  'Trade Desk is not affiliated with the game publisher. Buying or selling accounts may be against the game’s terms of service.',
  'Once an account has been delivered the order is complete and is not refundable.',
];

/** Account plans (spec §2): a column per platform, not on sale yet, with the disclaimers. */
export function AccountsPage() {
  useDocumentTitle('Account plans');
  return (
    <section className="flex flex-col gap-8">
      <header>
        <h1 className="text-3xl font-bold">Account plans</h1>
        <p className="mt-1 opacity-80">
          Game accounts with the transfer market unlocked, for console and PC.
        </p>
      </header>
      <div className="grid gap-6 md:grid-cols-2">
        {platforms.map((platform) => (
          <section
            key={platform.id}
            aria-labelledby={`accounts-${platform.id}`}
            className="card bg-base-200 border-base-300 border"
          >
            <div className="card-body items-center gap-3 text-center">
              <h2 id={`accounts-${platform.id}`} className="card-title text-2xl">
                {platform.title}
              </h2>
              <p className="opacity-80">{platform.text}</p>
              <p className="badge badge-lg badge-primary badge-outline my-6 py-4 text-lg font-semibold">
                Coming soon!
              </p>
            </div>
          </section>
        ))}
      </div>
      <section aria-labelledby="accounts-disclaimers" className="flex flex-col gap-3">
        <h2 id="accounts-disclaimers" className="text-xl font-semibold">
          Disclaimers
        </h2>
        <ul className="list-disc space-y-2 pl-6 opacity-90">
          {disclaimers.map((disclaimer) => (
            <li key={disclaimer}>{disclaimer}</li>
          ))}
        </ul>
        <p className="text-sm opacity-80">
          Questions? Open a ticket in the <CommunityLink />, or read the <RefundPolicyLink />.
        </p>
      </section>
    </section>
  );
}
