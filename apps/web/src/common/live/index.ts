// The one way a page talks to a web hub (docs/decisions/web.md, "Live connections").
export { webHubPaths, type WebHubPath } from './hub-paths';
export { useWebHub, type WebHub } from './use-web-hub';
export type { WebHubListener } from './web-hub';
export { isWebHubMessage, type WebHubMessage } from '../../lib/web-hub-socket';
export type { LiveStatus } from '../../lib/socket-recovery';
