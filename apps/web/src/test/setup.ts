// Set-up for every test of the web project (vitest.config.ts): a stray console.error fails the test,
// fireEvent.change sends what a browser sends (browser-events.ts), and every test starts with an
// empty data cache (lib/query.ts).
// Preact's development checks (duplicate keys, hooks outside components, bad nesting) report
// through console.error, so the guard fails a test that trips one, as it did React's warnings.
import 'preact/debug';
import { afterEach } from 'vitest';
import { sendInputBeforeChange } from './browser-events';
import { installConsoleGuard } from './console-guard';
import { runEffectsInTheNextTask } from './react-timing';

installConsoleGuard();
sendInputBeforeChange();
runEffectsInTheNextTask();
// Imported when needed, not here: a module loaded by the set-up would escape the test file's vi.mock.
afterEach(async () => (await import('@/lib/query')).reset([]));
