import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { DeliverySettings } from '@vastra/shared/schemas/delivery';
import { ApiError } from '@/lib/api-client';
import { answerCalls, sentTo } from '@/test/api-answers';
import { DeliveryPage } from './delivery-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

const settings: DeliverySettings = {
  zones: [
    {
      pinFrom: '110000',
      pinTo: '999999',
      label: 'All India',
      serviceable: true,
      cashOnDelivery: true,
      extraDays: 0,
    },
    {
      pinFrom: '744000',
      pinTo: '744999',
      label: 'Andaman & Nicobar Islands',
      serviceable: true,
      cashOnDelivery: false,
      extraDays: 2,
    },
  ],
  holidays: [{ day: '2026-12-25', name: 'Christmas' }],
};

/** The API: the settings, and a save that keeps what was sent (or refuses with `refusal`). */
function serve(refusal?: string) {
  return answerCalls((name, sent) => {
    if (name === 'delivery.saveSettings') {
      if (refusal) throw new ApiError('http', refusal, { status: 400, serverMessage: refusal });
      return { success: true, settings: sent.body };
    }
    return { success: true, settings };
  });
}

function renderPage() {
  render(
    <MemoryRouter>
      <DeliveryPage />
    </MemoryRouter>,
  );
}

const zoneRows = () => screen.getAllByTestId('delivery-zone');
const save = () =>
  fireEvent.click(screen.getByRole('button', { name: 'Save ranges and holidays' }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('<DeliveryPage>', () => {
  it('shows the ranges, the holidays and how a PIN code’s range is chosen', async () => {
    serve();
    renderPage();
    await screen.findAllByTestId('delivery-zone');
    expect(screen.getByTestId('delivery-explanation').textContent).toContain(
      'The narrowest range holding a PIN code decides',
    );
    const [india, islands] = zoneRows() as [HTMLElement, HTMLElement];
    expect((within(india).getByLabelText('From PIN') as HTMLInputElement).value).toBe('110000');
    expect((within(islands).getByLabelText('Label') as HTMLInputElement).value).toBe(
      'Andaman & Nicobar Islands',
    );
    expect((within(islands).getByLabelText('COD') as HTMLInputElement).checked).toBe(false);
    expect((within(islands).getByLabelText('Extra days') as HTMLInputElement).value).toBe('2');
    const [holiday] = screen.getAllByTestId('delivery-holiday') as [HTMLElement];
    expect((within(holiday).getByLabelText('Name') as HTMLInputElement).value).toBe('Christmas');
  });

  it('shows the API’s words beside the wrong fields and sends nothing', async () => {
    const spy = serve();
    renderPage();
    await screen.findAllByTestId('delivery-zone');
    const [india, islands] = zoneRows() as [HTMLElement, HTMLElement];
    fireEvent.change(within(islands).getByLabelText('From PIN'), { target: { value: '745000' } });
    fireEvent.change(within(india).getByLabelText('Extra days'), { target: { value: 'two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a holiday' }));
    const added = screen.getAllByTestId('delivery-holiday')[1]!;
    fireEvent.change(within(added).getByLabelText('Date'), { target: { value: '2026-12-25' } });
    fireEvent.change(within(added).getByLabelText('Name'), { target: { value: 'Again' } });
    save();
    expect(
      await within(islands).findByText(
        'A range must start at or before its end, both 6-digit PIN codes',
      ),
    ).toBeTruthy();
    expect(within(india).getByText('Extra days must be a whole number from 0 to 30')).toBeTruthy();
    expect(within(added).getByText('2026-12-25 is listed twice')).toBeTruthy();
    expect(within(india).getByLabelText('Extra days').getAttribute('aria-invalid')).toBe('true');
    expect(sentTo(spy, 'delivery.saveSettings')).toEqual([]);
  });

  it('adds a range and a holiday, removes a row, and saves both whole lists at once', async () => {
    const spy = serve();
    renderPage();
    await screen.findAllByTestId('delivery-zone');
    fireEvent.click(screen.getByRole('button', { name: 'Add a range' }));
    const added = zoneRows()[2]!;
    fireEvent.change(within(added).getByLabelText('From PIN'), { target: { value: '799001' } });
    fireEvent.change(within(added).getByLabelText('To PIN'), { target: { value: '799001' } });
    fireEvent.change(within(added).getByLabelText('Label'), { target: { value: 'Paused' } });
    fireEvent.click(within(added).getByLabelText('Serviced'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove range 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a holiday' }));
    const holiday = screen.getAllByTestId('delivery-holiday')[1]!;
    fireEvent.change(within(holiday).getByLabelText('Date'), { target: { value: '2026-11-08' } });
    fireEvent.change(within(holiday).getByLabelText('Name'), { target: { value: 'Diwali' } });
    save();
    await waitFor(() => expect(notify.success).toHaveBeenCalledTimes(1));
    expect(notify.success).toHaveBeenCalledWith('Delivery settings saved: 2 ranges, 2 holidays');
    expect(sentTo(spy, 'delivery.saveSettings').map((s) => s.body)).toEqual([
      {
        zones: [
          settings.zones[0],
          {
            pinFrom: '799001',
            pinTo: '799001',
            label: 'Paused',
            serviceable: false,
            cashOnDelivery: true,
            extraDays: 0,
          },
        ],
        holidays: [...settings.holidays, { day: '2026-11-08', name: 'Diwali' }],
      },
    ]);
  });

  it('keeps the last range (the API needs one) and shows a refusal it did not foresee by Save', async () => {
    serve('Please try again in a minute');
    renderPage();
    await screen.findAllByTestId('delivery-zone');
    fireEvent.click(screen.getByRole('button', { name: 'Remove range 2' }));
    expect(
      (screen.getByRole('button', { name: 'Remove range 1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    save();
    expect((await screen.findByTestId('form-refusal')).textContent).toBe(
      'Please try again in a minute',
    );
    expect(notify.success).not.toHaveBeenCalled();
  });
});
