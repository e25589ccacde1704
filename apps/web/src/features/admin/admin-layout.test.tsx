import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setQueryData } from '@/lib/query';
import { clearToken, setToken } from '@/lib/session';
import { allowConsoleError } from '@/test/console-guard';
import { OVERVIEW_KEY } from './admin-keys';
import { AdminLayout } from './admin-layout';

function Boom(): never {
  throw new Error('the screen broke');
}

afterEach(() => {
  cleanup();
  clearToken();
});

describe('<AdminLayout> error boundary', () => {
  it('a crashed admin screen keeps the frame and offers the way back to the overview', () => {
    // React reports the caught error on the console; that is expected here.
    allowConsoleError(/the screen broke|error occurred|Boom/);
    setToken('t');
    // The access check has answered (the overview is the staff-only call it asks).
    setQueryData(OVERVIEW_KEY, { success: true, overview: {} });
    render(
      <MemoryRouter initialEntries={['/admin/products']}>
        <Routes>
          <Route path="admin" element={<AdminLayout />}>
            <Route path="products" element={<Boom />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'BACK TO THE OVERVIEW' }).getAttribute('href')).toBe(
      '/admin',
    );
    expect(screen.getByRole('button', { name: 'RELOAD THE PAGE' })).toBeTruthy();
    // The admin navigation is still there.
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy();
  });
});
