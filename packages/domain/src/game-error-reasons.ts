/**
 * What the game's error codes mean, in words a user can act on (GAME-PROTOCOL §3). A user sees
 * these where a code would otherwise stand alone ('Failed to buy José Sá (error 478)').
 */
const reasonByCode: Readonly<Record<number, string>> = {
  401: 'the game session expired; sign the account in again',
  426: 'the game is limiting requests; slow down and try again later',
  429: 'the game is limiting requests; slow down and try again later',
  458: 'the game asks for a captcha; solve it in the game’s web app',
  459: 'the game asks for a captcha; solve it in the game’s web app',
  460: 'the game refused the bid',
  461: 'someone else bought it first, or the bid was not allowed',
  465: 'the account has no Ultimate Team club',
  470: 'not enough coins',
  471: 'the unassigned pile is full; clear it in the game',
  472: 'the club already holds this card',
  473: 'the transfer list is full; clear it in the game',
  475: 'the game refused the trade',
  478: 'the listing had already ended (sold or expired)',
  494: 'the transfer market is locked for this account',
  512: 'the game rejected the request (soft ban); pause and try again later',
  521: 'the game rejected the request (soft ban); pause and try again later',
};

/** The reason for one game error code, with the code kept for support: 'not enough coins (error 470)'. */
export function gameErrorReason(code: number): string {
  const reason = reasonByCode[code] ?? (code >= 500 ? 'the game’s servers failed' : 'the game refused it');
  return `${reason} (error ${code})`;
}
