import { formatCoins, type WebAppBlockingView } from '@tradedesk/domain';
import { Modal } from '../../../components/ui/modal';
import type { WebAppLaunch } from '../launch';

const blockingScreenNames: Record<WebAppBlockingView, string> = {
  captcha: 'a captcha',
  'soft-ban': 'a soft ban',
  'market-locked': 'a locked transfer market',
};

/** What the opened page shows of the account: its balance, or the screen that blocks it. */
export function launchBalance(launch: WebAppLaunch): string {
  const blocked = launch.blockedBy && `The web app shows ${blockingScreenNames[launch.blockedBy]}`;
  // A hidden balance is no balance: 'Coins shown: 0' read as an emptied account.
  if (launch.coins === null)
    return blocked ? `${blocked} instead of the coin balance.` : 'The web app shows no coin balance.';
  const coins = `Coins shown: ${formatCoins(launch.coins, false)}`;
  return blocked ? `${coins}. ${blocked}.` : coins;
}

/** Where the window opened, in words: this machine, or the agent's host (its screen or a virtual one). */
export function launchLocation(launch: WebAppLaunch): string {
  if (launch.where === 'this-machine')
    return 'The game web app opened in a new browser window on this machine, signed in to this account.';
  if (launch.display === 'desktop')
    return `The game web app opened in a browser window on the agent's host (${launch.host}), signed in to this account.`;
  return `The game web app opened on the agent's host (${launch.host}), in a browser on its virtual display: that host has no screen, so the window is not visible here.`;
}

/** The Launch Webapp modal (spec 000 §2): what opened and where. */
export function LaunchWebappModal({ launch, onClose }: { launch: WebAppLaunch | null; onClose: () => void }) {
  return (
    <Modal
      isOpen={launch !== null}
      title="Launch Webapp"
      onClose={onClose}
      actions={
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      {launch && (
        <div className="space-y-2" data-testid="launch-webapp-location">
          <p>{launchLocation(launch)}</p>
          <p>{launchBalance(launch)}</p>
        </div>
      )}
    </Modal>
  );
}
