import { serverModule } from './server-module.js';

/**
 * What modules announce for the user's open pages, by event name: each module adds its own events
 * by declaration merging (`declare module '…/lib/live-events.js' { interface LiveEventMap { … } }`),
 * so this layer names no module. The value is the listener's argument list.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in the modules
export interface LiveEventMap {}

type LiveEventName = keyof LiveEventMap;
type ArgsOf<Name extends LiveEventName> = LiveEventMap[Name] extends unknown[] ? LiveEventMap[Name] : never;
type Listener<Name extends LiveEventName> = (...args: ArgsOf<Name>) => void;

/**
 * The bus between the modules built first (they announce) and the socket hubs built after them
 * (they listen and show): a module is handed the bus when it is built, and nobody patches it later.
 */
export interface LiveEvents {
  /** Announces an event; a listener that throws is reported and does not stop the others. */
  emit<Name extends LiveEventName>(name: Name, ...args: ArgsOf<Name>): void;
  /** Listens for an event; answers the function that stops listening. */
  on<Name extends LiveEventName>(name: Name, listener: Listener<Name>): () => void;
}

export function createLiveEvents(onListenerError: (error: unknown) => void = () => undefined): LiveEvents {
  /** Listeners by event; `on` and `emit` keep each event's arguments typed. */
  const listeners = new Map<LiveEventName, Set<(...args: unknown[]) => void>>();
  return {
    emit(name, ...args) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          listener(...args);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    on(name, listener) {
      const stored = listener as unknown as (...args: unknown[]) => void;
      const ofName = listeners.get(name) ?? new Set();
      listeners.set(name, ofName);
      ofName.add(stored);
      return () => ofName.delete(stored);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The modules' announcements for the user's open pages (the socket hubs listen). */
    liveEvents: LiveEvents;
  }
}

/** Decorates `app.liveEvents`; registered right after the app context, before any module that announces. */
export const liveEventsModule = serverModule('live-events', ['app-context'], async (app) => {
  app.decorate(
    'liveEvents',
    createLiveEvents((error) => app.log.error({ err: error }, 'a live event listener failed')),
  );
});
