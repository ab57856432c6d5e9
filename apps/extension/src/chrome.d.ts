/**
 * The few extension APIs the add-on uses, typed by hand: a full typings package would be a
 * dependency for six calls (see docs/decisions/extension-headful.md).
 */
declare namespace chrome {
  namespace runtime {
    interface MessageSender {
      readonly id?: string;
      readonly url?: string;
    }
    function sendMessage<Answer = unknown>(message: unknown): Promise<Answer>;
    function getURL(path: string): string;
    function openOptionsPage(): Promise<void>;
    const onMessage: {
      addListener(
        listener: (
          message: unknown,
          sender: MessageSender,
          sendResponse: (answer: unknown) => void,
        ) => boolean | void,
      ): void;
    };
    const onInstalled: { addListener(listener: () => void): void };
    const onStartup: { addListener(listener: () => void): void };
  }
  namespace storage {
    interface StorageArea {
      get(keys: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    }
    interface StorageChange {
      readonly oldValue?: unknown;
      readonly newValue?: unknown;
    }
    const local: StorageArea;
    const onChanged: {
      addListener(listener: (changes: Record<string, StorageChange>, areaName: string) => void): void;
    };
  }
  namespace permissions {
    function request(permissions: { origins?: string[] }): Promise<boolean>;
    function contains(permissions: { origins?: string[] }): Promise<boolean>;
  }
}
