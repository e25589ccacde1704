import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { allowConsoleError } from '@/test/console-guard';
import { RootLayout } from './root-layout';

function Boom(): never {
  throw new Error('the page broke');
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="collection" element={<Boom />} />
          <Route path="about" element={<p>The about page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('<RootLayout> error boundary', () => {
  it('a page that crashes shows "Something went wrong" under the shop header, with reload and home', () => {
    // React reports the caught error on the console; that is expected here.
    allowConsoleError(/the page broke|error occurred|Boom/);
    renderAt('/collection');
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'RELOAD THE PAGE' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'GO TO THE HOME PAGE' }).getAttribute('href')).toBe(
      '/',
    );
    // The shop's header is still there, with its navigation.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(alert.closest('main')).toBeTruthy();
  });

  it('going to another page from the header shows that page again', () => {
    allowConsoleError(/the page broke|error occurred|Boom/);
    renderAt('/collection');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(
      [...nav.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/about')!,
    );
    expect(screen.getByText('The about page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
