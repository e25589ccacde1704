// Set-up for every test of the web project (vitest.config.ts): a stray console.error fails the test.
import { installConsoleGuard } from './console-guard';

installConsoleGuard();
