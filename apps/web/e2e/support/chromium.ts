// Debian's Chromium, with the flags this machine needs (no sandbox as root, no background
// network traffic on a closed network) and none of the browser's own UI a test never sees.
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The address bar's suggestion popups. Chromium prepares them for every new window, each a page
 * of its own in a renderer of its own, and every browser context opens a new window: about 2 s of
 * CPU per test, most of a short journey's cost (docs/decisions/159-no-browser-ui-in-tests.md).
 * The shell journey checks that a new page opens no such page beside it.
 */
export const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Chromium obeys only the last `--disable-features`, and Playwright passes its own list before
 * ours, so ours repeats playwright-core's (1.65); `checkDisabledFeatures` stops a launch whose
 * list lacks one of Playwright's, naming it, so an upgrade that adds one cannot go unnoticed.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // No host name resolves but the machine's own, and no proxy is used: a page's request for
  // another host fails here (the browser tests also report it, support/browser.ts).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  '--no-proxy-server',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`,
];

/**
 * Throws when the running browser (`pid`, started by Playwright with CHROMIUM_ARGS) was given a
 * `--disable-features` list by Playwright that the list it obeys, the last one, lacks.
 */
export function checkDisabledFeatures(pid: number): void {
  const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const lists = args
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  const obeyed = new Set(lists.at(-1));
  const lacking = lists.flat().filter((feature) => !obeyed.has(feature));
  if (lacking.length) {
    throw new Error(
      `Chromium obeys only the last --disable-features, and it lacks ${[...new Set(lacking)].join(', ')} ` +
        'from the earlier one: add them to PLAYWRIGHT_DISABLED_FEATURES in apps/web/e2e/support/chromium.ts.',
    );
  }
}
