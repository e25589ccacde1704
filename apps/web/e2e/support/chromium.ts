// Debian's Chromium, with the flags this machine needs (no sandbox as root, no background
// network traffic on a closed network).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
];
