/**
 * A refused web action (a hub `message` the rules turn down): its message is shown to the user as is,
 * on the hub's `error {description}`. Every tool refuses this way; anything else thrown is a fault.
 */
export class WebActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebActionError';
  }
}

/** Refuses a hub action with the message its user sees. */
export const reject = (message: string): never => {
  throw new WebActionError(message);
};
