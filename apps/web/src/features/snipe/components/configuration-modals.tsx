import { Modal } from '../../../components/ui/modal';
import { useUser } from '../../../common/user';
import {
  AdvancedConfigSection,
  GeneralConfigSection,
  MarketConfigSection,
  NotificationConfigSection,
  TimeConfigSection,
  useConfiguration,
} from '../../../common/configuration';
import { ShortcutsSection, storedShortcutsOf } from '../shortcuts';
import { PanelErrorBoundary } from './panel-error-boundary';

export type ConfigurationPanel = 'time' | 'advanced' | 'notification' | 'market' | 'general';

const titles: Record<ConfigurationPanel, string> = {
  time: 'Time Configuration',
  advanced: 'Advanced Configuration',
  notification: 'Notification Configuration',
  market: 'Market Configuration',
  general: 'General Configuration',
};

/** The header's five configuration panels, one modal at a time. */
export function ConfigurationModals({
  open,
  onClose,
}: {
  open: ConfigurationPanel | null;
  onClose: () => void;
}) {
  const configuration = useConfiguration();
  const user = useUser();
  const body = () => {
    if (!configuration.data || !user.data) {
      return <span className="loading loading-spinner" role="status" aria-label="Loading" />;
    }
    switch (open) {
      case 'time':
        return <TimeConfigSection stored={configuration.data.time} />;
      case 'advanced':
        return <AdvancedConfigSection stored={configuration.data.advanced} />;
      case 'notification':
        return <NotificationConfigSection stored={configuration.data.notification} />;
      case 'market':
        return <MarketConfigSection stored={configuration.data.market} />;
      case 'general':
        return (
          <div className="flex flex-col gap-3">
            <GeneralConfigSection providers={user.data.providers} />
            <ShortcutsSection stored={storedShortcutsOf((user.data as { shortcuts?: unknown }).shortcuts)} />
          </div>
        );
      default:
        return null;
    }
  };
  return (
    <Modal
      isOpen={open !== null}
      title={open ? titles[open] : ''}
      onClose={onClose}
      actions={
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      <PanelErrorBoundary name={open ? titles[open] : 'Configuration'}>{body()}</PanelErrorBoundary>
    </Modal>
  );
}
