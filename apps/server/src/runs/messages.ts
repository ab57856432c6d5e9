/** Texts every run kind shares (the spec leaves them open; docs/decisions/runs.md). */
export const runMessages = {
  /** A start past the user's licence slots: the same refusal whichever kind holds the slots. */
  licenceLimit: (max: number) =>
    `You can run ${max} ${max === 1 ? 'account' : 'accounts'} at a time. ` +
    'Stop a snipe, wait for a transfer to finish or add a snipe licence.',
} as const;
