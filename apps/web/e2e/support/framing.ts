/**
 * Launch options for specs that frame the app from a page Playwright serves (a "public" origin)
 * while the app runs on loopback: Chromium's local-network checks would block the frame before
 * CSP is even consulted, so they are off. Use with `test.use(framingLaunchOptions)`.
 */
export const framingLaunchOptions = {
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights',
    ],
  },
};
