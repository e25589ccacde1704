import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { forgotPasswordRequestSchema } from '@vastra/shared/schemas/user';
import { ApiError } from '@/lib/api-client';
import { clearToken, getToken, setToken } from '@/lib/session';
import { answerCalls, sentTo } from '@/test/api-answers';
import { UpdatePasswordPage } from './update-password-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

/**
 * The network boundary: /api/user/me (failing first with each of `meFailures`) and the password
 * change; the answers go through each endpoint's own check, as with the real client.
 */
function serverAnswers(
  change: ApiError | { token: string } = { token: 'new-token' },
  meFailures: ApiError[] = [],
) {
  return answerCalls((name, sent) => {
    if (name === 'account.me') {
      const failure = meFailures.shift();
      if (failure) throw failure;
      return {
        success: true,
        user: { name: 'Asha', email: 'asha@example.com', role: 'customer', phone: null },
      };
    }
    if (name !== 'account.forgotPassword') throw new Error(`unexpected call ${name}`);
    // The request must be one the server's contract accepts.
    forgotPasswordRequestSchema.parse(sent.body);
    if (change instanceof ApiError) throw change;
    return { success: true, message: 'Password updated successfully', ...change };
  });
}

function renderPage(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/update-password', state }]}>
      <Routes>
        <Route path="/update-password" element={<UpdatePasswordPage />} />
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  cleanup();
  clearToken();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('<UpdatePasswordPage>', () => {
  it('sends a logged-out visitor to /login without asking the server', () => {
    const server = serverAnswers();
    renderPage();
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(server).not.toHaveBeenCalled();
  });

  it('opened directly or after a reload, shows the account’s e-mail from the server', async () => {
    setToken('t');
    serverAnswers();
    renderPage();
    const email = await screen.findByLabelText('Email');
    expect((email as HTMLInputElement).value).toBe('asha@example.com');
    expect(email.hasAttribute('readonly')).toBe(true);
  });

  it('asks for the current password, sends it, and keeps the new session', async () => {
    setToken('t');
    const server = serverAnswers({ token: 'new-token' });
    renderPage();
    await screen.findByLabelText('Email');
    fill('New password', 'a-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PASSWORD' }));
    // docs/product.md §5's words, beside the empty field and tied to it; focus goes there.
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    const note = document.getElementById(current.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(note?.textContent).toBe('Missing information');
    expect(document.activeElement).toBe(current);
    expect(notify.error).not.toHaveBeenCalled();
    expect(sentTo(server, 'account.forgotPassword')).toEqual([]);

    fill('Current password', 'the-old-one');
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PASSWORD' }));
    await screen.findByText('Home page');
    expect(sentTo(server, 'account.forgotPassword')[0]?.body).toEqual({
      email: 'asha@example.com',
      newpassword: 'a-new-password',
      currentPassword: 'the-old-one',
    });
    expect(getToken()).toBe('new-token');
    expect(notify.success).toHaveBeenCalledWith('Password updated successfully');
  });

  it('shows the server’s refusal of a wrong current password and stays', async () => {
    setToken('t');
    serverAnswers(
      new ApiError('http', 'Your current password is not correct', {
        status: 400,
        serverMessage: 'Your current password is not correct',
      }),
    );
    renderPage();
    await screen.findByLabelText('Email');
    fill('Current password', 'a-guess');
    fill('New password', 'a-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PASSWORD' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Your current password is not correct'),
    );
    expect(getToken()).toBe('t');
    expect(screen.getByRole('button', { name: 'UPDATE PASSWORD' })).toBeTruthy();
  });

  it('shows a failed /api/user/me with a retry that asks again', async () => {
    setToken('t');
    const server = serverAnswers(undefined, [
      new ApiError('http', 'We could not load your account', { status: 503 }),
    ]);
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your account');
    expect(screen.queryByLabelText('Email')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    const email = await screen.findByLabelText('Email');
    expect((email as HTMLInputElement).value).toBe('asha@example.com');
    expect(sentTo(server, 'account.me')).toHaveLength(2);
  });
});
