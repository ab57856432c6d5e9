/** The web clients' hubs (docs/realtime.md): the snipe tier's and the transfer tier's. */
export const webHubPaths = { snipe: '/client/snipe', transfer: '/client/transfer' } as const;

export type WebHubPath = (typeof webHubPaths)[keyof typeof webHubPaths];
