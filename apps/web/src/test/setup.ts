// Set-up for every test of the web project (vitest.config.ts): a stray console.error fails the test,
// and every test starts with an empty data cache (lib/query.ts).
import { afterEach } from 'vitest';
import { installConsoleGuard } from './console-guard';

installConsoleGuard();
// Imported when needed, not here: a module loaded by the set-up would escape the test file's vi.mock.
afterEach(async () => (await import('@/lib/query')).reset([]));
