/**
 * The user has a linked chat-community id; without one only the 'Unverified account' gate shows.
 * Kept apart from the user schema: the web shell calls it on every page, and importing it must not
 * build the schemas (and with them the EA id tables) into the shell's start-up chunk.
 */
export function isVerifiedUser(user: { providers: { discordId: string } }): boolean {
  return user.providers.discordId.trim() !== '';
}

/** Whether the user holds the Admin role (apart from the user schema, as above: the shell calls it). */
export function isAdmin(user: { roles: readonly string[] }): boolean {
  return user.roles.includes('admin');
}
