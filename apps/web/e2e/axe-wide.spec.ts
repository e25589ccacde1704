// Every shop screen at 1366 px through axe-core, every rule on (support/axe-screens.ts).
import { describeAxeAt } from './support/axe-screens';

describeAxeAt('wide');
