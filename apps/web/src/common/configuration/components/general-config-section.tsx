import {
  firstIssueMessage,
  providerConfigSchema,
  telegramChatIdSchema,
  type ProviderConfig,
} from '@tradedesk/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useUpdateProvider } from '../api/update-provider';
import { Field, FieldAlert } from '../../../components/ui/field';
import { SettingsSection } from './settings-section';
import { markInvalid } from '../../../components/ui/invalid-marking';

type Providers = {
  discordId: string;
  discordWebhookUrl?: string | undefined;
  telegramId?: string | undefined;
};

const labels = { discordWebhookUrl: 'Webhook URL', telegramId: 'Telegram chat id' } as const;

/** The chat id's rule message while what is typed breaks it (the schema the server reads it with). */
function telegramIdError(form: UseFormReturn<ProviderConfig>): string | undefined {
  const read = telegramChatIdSchema.safeParse(form.watch('telegramId') ?? '');
  return read.error && firstIssueMessage(read.error);
}

/** General Configuration: the linked chat-community id (read-only), the webhook URL and the Telegram chat id. */
export function GeneralConfigSection({ providers }: { providers: Providers }) {
  const update = useUpdateProvider();
  const stored: ProviderConfig = {
    discordId: providers.discordId ?? '',
    discordWebhookUrl: providers.discordWebhookUrl ?? '',
    telegramId: providers.telegramId ?? '',
  };
  return (
    <SettingsSection
      title="General Configuration"
      stored={stored}
      defaults={{ ...stored, discordWebhookUrl: '', telegramId: '' }}
      schema={providerConfigSchema}
      fieldLabels={labels}
      isSaving={update.isPending}
      onSave={(value) => update.mutate(value)}
    >
      {(form) => {
        const telegramError = telegramIdError(form);
        return (
          <>
            <h4 className="font-semibold">Linked Accounts</h4>
            <Field label="Chat community id" hint="Linked through the community server.">
              <input className="input input-sm w-full" readOnly value={stored.discordId || 'Not linked'} />
            </Field>
            <Field label={labels.discordWebhookUrl}>
              <input
                type="url"
                className="input input-sm w-full"
                placeholder="https://…"
                {...form.register('discordWebhookUrl')}
              />
            </Field>
            <Field
              label={labels.telegramId}
              hint="Run messages also go to this Telegram chat (a number, or an @channel name) when the site has a Telegram bot."
            >
              <input
                {...markInvalid('input input-sm w-full', telegramError !== undefined)}
                placeholder="123456789"
                {...form.register('telegramId')}
              />
            </Field>
            <FieldAlert message={telegramError} />
          </>
        );
      }}
    </SettingsSection>
  );
}
