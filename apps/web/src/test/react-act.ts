// React's act for the web tests on Preact (decision 137): Testing Library takes `act` from
// react-dom/test-utils, which the `web` test project points here (vitest.config.ts).
// Preact's act flushes renders and effects when its callback returns or settles, as React's does;
// React's async act then goes on a task at a time while renders keep coming, so a test that
// awaits act(async () => …) sees the answers already on their way (a form's async check, a stub
// API's answer) drawn. This act does the same on top of Preact's.
import { setImmediate as nextTask } from 'node:timers';
import { options } from 'preact';
import { act as preactAct } from 'preact/test-utils';

export * from 'preact/test-utils';

/** React stops once its queue is empty; a bound keeps a component that never settles finite. */
const MOST_TASKS = 50;
let renders = 0;
const diffed = options.diffed;
options.diffed = (vnode) => {
  renders++;
  diffed?.(vnode);
};

const aTask = () => new Promise<void>((resolve) => void nextTask(resolve));

export function act<T>(callback: () => T | Promise<T>): Promise<T | undefined> {
  let result: T | Promise<T> | undefined;
  const flushed = preactAct(() => {
    result = callback();
    return result as never;
  });
  if (!isThenable(result)) return flushed.then(() => result as T);
  return flushed.then(async () => {
    for (let task = 0; task < MOST_TASKS; task++) {
      const before = renders;
      await aTask();
      if (renders === before) break;
    }
    return result;
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}
