/* eslint-disable no-console -- these tests log on purpose to prove the guard sees it. */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsoleError, takeUnexpectedConsoleErrors } from './console-guard';

function List() {
  // Two children with one key: Preact's development checks (preact/debug, loaded by the set-up)
  // warn through console.error. Unlike React, Preact has no warning for a missing key
  // (docs/decisions/137-preact-storefront.md).
  return (
    <ul>
      {['a', 'b'].map((item) => (
        <li key="same">{item}</li>
      ))}
    </ul>
  );
}

describe('the console guard of the web tests', () => {
  it('catches a console.error made during the test', () => {
    console.error('something broke', 42);
    // Taken here so the guard's own check after this test passes.
    expect(takeUnexpectedConsoleErrors()).toEqual(['something broke 42']);
  });

  it("catches the renderer's duplicate-key warning", () => {
    render(<List />);
    const lines = takeUnexpectedConsoleErrors();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/two or more children with the same key attribute: "same"/);
  });

  it('lets a test allow the errors it expects, and only those', () => {
    allowConsoleError(/expected failure/);
    console.error('an expected failure');
    console.error('a surprise');
    expect(takeUnexpectedConsoleErrors()).toEqual(['a surprise']);
  });

  it('starts every test with nothing logged and nothing allowed', () => {
    console.error('an expected failure');
    expect(takeUnexpectedConsoleErrors()).toEqual(['an expected failure']);
  });
});
