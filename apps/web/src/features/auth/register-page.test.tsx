import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ACCOUNT_MESSAGES } from '@vastra/shared/constants';
import { answerCalls } from '@/test/api-answers';
import { RegisterPage } from './register-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/register']}>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The message tied to a field for screen readers (its aria-describedby), or ''. */
const errorOf = (label: string) => {
  const input = field(label);
  if (input.getAttribute('aria-invalid') !== 'true') return '';
  const [id] = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return document.getElementById(id!)?.textContent ?? '';
};
const signUp = () =>
  act(async () => void fireEvent.click(screen.getByRole('button', { name: 'SIGN UP' })));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** docs/decisions/140-inline-form-errors.md: what is wrong, beside the field it is about. */
describe('<RegisterPage> inline errors', () => {
  it('an empty form shows each missing field’s message beside it, announced, and focuses the first', async () => {
    answerCalls(() => {
      throw new Error('nothing may be sent');
    });
    renderPage();
    await signUp();

    await waitFor(() => expect(errorOf('Name')).toBe(ACCOUNT_MESSAGES.enterName));
    expect(errorOf('Email')).toBe(ACCOUNT_MESSAGES.enterEmail);
    expect(errorOf('Password')).toBe(ACCOUNT_MESSAGES.enterNewPassword);
    // Not the one message that hid the others before.
    expect(screen.queryByText(ACCOUNT_MESSAGES.verifyEmailFirst)).toBeNull();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      ACCOUNT_MESSAGES.enterName,
      ACCOUNT_MESSAGES.enterEmail,
      ACCOUNT_MESSAGES.enterNewPassword,
    ]);
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
  });

  it('each error clears as soon as its field is right; the others stay', async () => {
    renderPage();
    await signUp();
    await waitFor(() => expect(errorOf('Name')).toBe(ACCOUNT_MESSAGES.enterName));

    await act(async () => void fireEvent.change(field('Name'), { target: { value: 'Meera' } }));
    await waitFor(() => expect(errorOf('Name')).toBe(''));
    expect(errorOf('Email')).toBe(ACCOUNT_MESSAGES.enterEmail);

    await act(async () => void fireEvent.change(field('Password'), { target: { value: 'short' } }));
    await waitFor(() => expect(errorOf('Password')).toBe(ACCOUNT_MESSAGES.passwordTooShort));
    await act(
      async () => void fireEvent.change(field('Password'), { target: { value: 'long-enough-1' } }),
    );
    await waitFor(() => expect(errorOf('Password')).toBe(''));

    await act(
      async () => void fireEvent.change(field('Email'), { target: { value: 'meera@example.com' } }),
    );
    await waitFor(() => expect(errorOf('Email')).toBe(''));
    // Everything typed, the address not yet verified: that is said beside the e-mail.
    await signUp();
    await waitFor(() => expect(errorOf('Email')).toBe(ACCOUNT_MESSAGES.verifyEmailFirst));
    // It is the screen's own rule, not the schema's: typing elsewhere leaves it.
    await act(async () => void fireEvent.change(field('Name'), { target: { value: 'Meera I' } }));
    expect(errorOf('Email')).toBe(ACCOUNT_MESSAGES.verifyEmailFirst);
  });

  it('the e-mail has its row to itself: SEND OTP is not beside it', () => {
    renderPage();
    const send = screen.getByRole('button', { name: 'SEND OTP' });
    expect(field('Email').parentElement?.contains(send)).toBe(false);
  });
});
