import { gamePortFromClient, type GamePort } from '@tradedesk/engine';
import {
  GameClient,
  type GameClientConfig,
  type GameClientOptions,
  type SelectedPersona,
  type TransportObserver,
} from '@tradedesk/game-client';

/** The credentials of one game account as a start command carries them. */
export interface AccountCredentials {
  readonly email: string;
  readonly password: string;
  readonly backupCode: string;
  readonly platform: string;
}

/**
 * One game account's headless connection: a game-client session and its sign-in, shared by every
 * run kind (snipe session, coin transfer, SBC solver). A session the game expired signs in again through the
 * same `signIn` (the ports' `reauthenticate`).
 */
export class GameAccount {
  readonly client: GameClient;

  constructor(
    private readonly credentials: AccountCredentials,
    config: GameClientConfig,
    observer?: TransportObserver,
    /** Runs after every successful sign-in with the persona the game chose (e.g. to report the club's name). */
    private readonly onSignedIn?: (persona: SelectedPersona) => Promise<void>,
    /** How the client reaches the game and whose clock it reads (a rehearsal's in-process world). */
    reach: Pick<GameClientOptions, 'fetch' | 'wallClock'> = {},
  ) {
    this.client = new GameClient({ config, ...(observer === undefined ? {} : { observer }), ...reach });
  }

  /** Signs in (again); throws the game-client's typed error when the game refuses. */
  readonly signIn = async (): Promise<void> => {
    const { email, password, backupCode, platform } = this.credentials;
    const { persona } = await this.client.signIn({ email, password, backupCode }, platform);
    await this.onSignedIn?.(persona);
  };

  /**
   * The engine's one game port over this account, whatever runs on it (a snipe session, a side of
   * a transfer, the SBC solver bot); an expired session signs in again.
   */
  gamePort(): GamePort {
    return gamePortFromClient(this.client, this.signIn);
  }
}
