import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LaunchWebappModal } from './launch-webapp-modal';

const launch = { accountId: 'a1', host: 'agent-7', coins: 246_800, blockedBy: null } as const;

describe('Launch Webapp modal', () => {
  it('says the window opened on this machine when the agent shares its desktop', () => {
    render(
      <LaunchWebappModal
        launch={{ ...launch, where: 'this-machine', display: 'desktop' }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Launch Webapp' }).textContent).toContain(
      'opened in a new browser window on this machine',
    );
    expect(screen.getByTestId('launch-webapp-location').textContent).toContain('246,800');
  });

  it('names the agent’s host, and says so when it has no screen', () => {
    render(
      <LaunchWebappModal
        launch={{ ...launch, where: 'agent-host', display: 'virtual' }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByTestId('launch-webapp-location').textContent).toContain(
      "opened on the agent's host (agent-7), in a browser on its virtual display",
    );
  });

  it('says what blocks the page instead of claiming 0 coins when the web app shows no balance', () => {
    render(
      <LaunchWebappModal
        launch={{ ...launch, where: 'agent-host', display: 'virtual', coins: null, blockedBy: 'soft-ban' }}
        onClose={() => undefined}
      />,
    );
    const text = screen.getByTestId('launch-webapp-location').textContent;
    expect(text).toContain('The web app shows a soft ban instead of the coin balance.');
    expect(text).not.toContain('Coins shown: 0');
  });

  it('is closed until a launch answers', () => {
    render(<LaunchWebappModal launch={null} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
