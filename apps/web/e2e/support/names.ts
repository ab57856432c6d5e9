/**
 * A name no earlier test used: the server's database and its sandbox game keep users and game
 * accounts (with their coins) for the server's life, so each test makes its own.
 */
export const uniqueName = (prefix = '') =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
