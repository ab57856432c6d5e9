import {
  defaultAdvancedConfig,
  defaultConfiguration,
  defaultNotificationConfig,
  defaultTimeConfig,
  defaultTransferConfig,
} from '@tradedesk/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { AdvancedConfigSection } from './advanced-config-section';
import { GeneralConfigSection } from './general-config-section';
import { NotificationConfigSection } from './notification-config-section';
import { TimeConfigSection } from './time-config-section';
import { TransferConfigSection } from './transfer-config-section';

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const numberInput = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;

describe('configuration sections', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Save disabled while the form equals the stored value, and checks the rules before saving', async () => {
    const { fetchStub, calls } = fakeFetch({
      'PUT /api/configuration/advanced': { status: 200, body: { data: defaultConfiguration() } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<AdvancedConfigSection stored={defaultAdvancedConfig()} />);
    const user = userEvent.setup();
    expect(saveButton().disabled).toBe(true);
    expect(numberInput('Requests').disabled).toBe(true);

    await user.click(screen.getByLabelText('Filter Rotation'));
    expect(saveButton().disabled).toBe(false);
    expect(numberInput('Requests').disabled).toBe(false);
    await user.click(saveButton());
    expect(await screen.findByText('Number of requests must be at least 1')).toBeTruthy();

    await user.type(numberInput('Requests'), '5');
    await user.clear(numberInput('Number of Search Results'));
    await user.type(numberInput('Number of Search Results'), '60');
    await user.click(saveButton());
    expect(await screen.findByText('Number of search results must be between 1 and 50')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.clear(numberInput('Number of Search Results'));
    await user.type(numberInput('Number of Search Results'), '15');
    await user.click(saveButton());
    expect(await screen.findByText('Updated premium config')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({
      rotation: { isEnabled: true, requests: 5 },
      numOfSearchResults: 15,
    });
  });

  it('Cancel returns to the stored value and Reset to the defaults', async () => {
    const stored = { ...defaultAdvancedConfig(), numOfSearchResults: 30 };
    renderWithProviders(<AdvancedConfigSection stored={stored} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(numberInput('Number of Search Results').value).toBe('20');
    expect(saveButton().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(numberInput('Number of Search Results').value).toBe('30');
    expect(saveButton().disabled).toBe(true);
  });

  it("refuses a time range whose max is not above its min: 'Max value must be greater than min value'", async () => {
    const { fetchStub, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<TimeConfigSection stored={defaultTimeConfig()} />);
    const user = userEvent.setup();
    await user.clear(numberInput('Sniping Duration max'));
    await user.type(numberInput('Sniping Duration max'), '10');
    await user.click(saveButton());
    expect(await screen.findByText('Max value must be greater than min value')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('names the emptied field in its message, not "Value must be a number"', async () => {
    const { fetchStub, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<TimeConfigSection stored={defaultTimeConfig()} />);
    const user = userEvent.setup();
    await user.clear(numberInput('Break Frequency min'));
    await user.click(saveButton());
    expect(await screen.findByText('Break Frequency min must be a number')).toBeTruthy();
    expect(screen.queryByText('Value must be a number')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('refuses Retries, a search delay and a safe latency out of range, naming each field', async () => {
    const { fetchStub, calls } = fakeFetch({
      'PUT /api/configuration/transfer': { status: 200, body: { data: defaultConfiguration() } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<TransferConfigSection stored={defaultTransferConfig()} />);
    const user = userEvent.setup();
    await user.clear(numberInput('Retries'));
    await user.type(numberInput('Retries'), '11');
    await user.click(saveButton());
    expect(await screen.findByText('Retries must be between 0 and 10')).toBeTruthy();

    await user.clear(numberInput('Retries'));
    await user.type(numberInput('Retries'), '10');
    await user.clear(numberInput('Delay between Searches (min)'));
    await user.click(saveButton());
    expect(await screen.findByText('Delay between searches must be between 0 and 60,000 ms')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.type(numberInput('Delay between Searches (min)'), '500');
    await user.clear(numberInput('Safe Latency (ms)'));
    await user.type(numberInput('Safe Latency (ms)'), '99999');
    await user.click(saveButton());
    expect(await screen.findByText('Safe latency must be between 0 and 10,000 ms')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.clear(numberInput('Safe Latency (ms)'));
    await user.type(numberInput('Safe Latency (ms)'), '75');
    await user.click(saveButton());
    expect(await screen.findByText('Updated transfer config')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ safeLatency: 75, retries: 10, delay: { min: 500, max: 1000 } });
  });

  it('previews the chosen sound through the sound service', async () => {
    const played: string[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        constructor(readonly src: string) {}
        play() {
          played.push(this.src);
          return Promise.resolve();
        }
      },
    );
    renderWithProviders(<NotificationConfigSection stored={defaultNotificationConfig()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Preview Snipe error sound' }));
    expect(played).toEqual(['/api/sound?type=drum']);
  });

  it("shows 'Not linked' without a chat id and saves the webhook URL", async () => {
    const { fetchStub, calls } = fakeFetch({ 'PUT /api/user/provider': { status: 200, body: { data: {} } } });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<GeneralConfigSection providers={{ discordId: '' }} />);
    const user = userEvent.setup();
    expect((screen.getByLabelText('Chat community id') as HTMLInputElement).value).toBe('Not linked');
    expect((screen.getByLabelText('Chat community id') as HTMLInputElement).readOnly).toBe(true);
    await user.type(screen.getByLabelText('Webhook URL'), 'https://chat.example.com/hooks/1');
    await user.click(saveButton());
    expect(await screen.findByText('Updated provider config')).toBeTruthy();
    await waitFor(() =>
      expect(calls[0]?.body).toMatchObject({ discordWebhookUrl: 'https://chat.example.com/hooks/1' }),
    );
  });

  it.each([
    [`https://chat.example.com/hooks/${'1'.repeat(2_048)}`, 'Webhook URL must be at most 2,048 characters'],
    ['https://chat.example.com/hooks/1\u0000', 'Webhook URL contains characters that are not allowed'],
  ])('names the Webhook URL when it cannot be kept (%#) and saves nothing', async (address, message) => {
    const { fetchStub, calls } = fakeFetch({ 'PUT /api/user/provider': { status: 200, body: { data: {} } } });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<GeneralConfigSection providers={{ discordId: '' }} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Webhook URL'));
    await user.paste(address);
    await user.click(saveButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('names a wrong Telegram chat id under the field, as the server would, and saves none until it is right', async () => {
    const { fetchStub, calls } = fakeFetch({ 'PUT /api/user/provider': { status: 200, body: { data: {} } } });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<GeneralConfigSection providers={{ discordId: '' }} />);
    const user = userEvent.setup();
    const chatId = screen.getByLabelText('Telegram chat id');
    await user.type(chatId, 'my chat');
    expect(chatId.getAttribute('aria-invalid')).toBe('true');
    expect(chatId.className).toContain('input-error');
    expect(screen.getByRole('alert').textContent).toBe(
      'Telegram chat id must be a number or an @channel name',
    );
    await user.click(saveButton());
    expect(calls).toEqual([]);

    await user.clear(chatId);
    await user.type(chatId, '@tradedesk_runs');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(chatId.className).not.toContain('input-error');
    await user.click(saveButton());
    await waitFor(() => expect(calls[0]?.body).toMatchObject({ telegramId: '@tradedesk_runs' }));
  });
});
