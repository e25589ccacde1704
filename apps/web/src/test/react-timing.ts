// React's timing for the web tests on Preact (decision 137). The tests were written against
// React, which runs effects in its scheduler's next task (setImmediate under Node, whatever the
// test's fake clock); Preact waits for the next animation frame (up to 35 ms, on the page's clock).
// Here Preact's effects run in the next task too, so a check made once a screen has appeared
// (findBy…) sees its effects done, as it did with React, and fake timers do not hold them back.
import { setImmediate as nextTask } from 'node:timers';
import { options } from 'preact';

export function runEffectsInTheNextTask(): void {
  options.requestAnimationFrame = (flush) => void nextTask(flush);
}
