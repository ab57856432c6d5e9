// Launch Webapp (spec 000 §2): shared by the snipe dashboard's Launch Account and the /transfer panels.
export { LaunchWebappModal, launchLocation } from './components/launch-webapp-modal';
export { launchOf, type WebAppLaunch } from './launch';
export { useLaunchedWebApp } from './use-launched-webapp';
