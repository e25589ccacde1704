import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { forgotPasswordRequestSchema } from '@vastra/shared/schemas/user';
import { api, ApiError, type RequestOptions } from '@/lib/api-client';
import { clearToken, getToken, setToken } from '@/lib/session';
import { UpdatePasswordPage } from './update-password-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

/** Answers passed through the call's own response schema, as the real client does. */
async function checked(body: unknown, options: unknown): Promise<unknown> {
  const source = (options as RequestOptions<unknown>).schema;
  const schema = typeof source === 'function' ? await source() : source;
  const result = schema!.safeParse(body);
  if (!result.success) throw new Error('the fixture breaks the response contract');
  return result.data;
}

/** The network boundary: /api/user/me and the password change. */
function serverAnswers(change: ApiError | { token: string } = { token: 'new-token' }) {
  const get = vi.spyOn(api, 'get').mockImplementation(async (path, options) => {
    if (path !== '/api/user/me') throw new Error(`unexpected call ${path}`);
    return checked({ success: true, user: { name: 'Asha', email: 'asha@example.com' } }, options);
  });
  const post = vi.spyOn(api, 'post').mockImplementation(async (path, body, options) => {
    if (path !== '/api/user/forgot-password') throw new Error(`unexpected call ${path}`);
    // The request must be one the server's contract accepts.
    forgotPasswordRequestSchema.parse(body);
    if (change instanceof ApiError) throw change;
    return checked({ success: true, message: 'Password updated successfully', ...change }, options);
  });
  return { get, post };
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
    const { get, post } = serverAnswers();
    renderPage();
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
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
    const { post } = serverAnswers({ token: 'new-token' });
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
    expect(post).not.toHaveBeenCalled();

    fill('Current password', 'the-old-one');
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PASSWORD' }));
    await screen.findByText('Home page');
    expect(post.mock.calls[0]![1]).toEqual({
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
    const { get } = serverAnswers();
    get.mockRejectedValueOnce(
      new ApiError('http', 'We could not load your account', { status: 503 }),
    );
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your account');
    expect(screen.queryByLabelText('Email')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    const email = await screen.findByLabelText('Email');
    expect((email as HTMLInputElement).value).toBe('asha@example.com');
    expect(get).toHaveBeenCalledTimes(2);
  });
});
