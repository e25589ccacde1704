import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { DeliveryCheck } from '@vastra/shared/schemas/delivery';
import { ApiError } from '@/lib/api-client';
import { DELIVERY_PIN_KEY, getDeliveryPin } from '@/lib/delivery-pin';
import { answerCalls, sentTo } from '@/test/api-answers';
import { DeliveryCheckBox } from './delivery-check-box';

const FROM = Date.UTC(2026, 10, 26, 6, 0); // Thu, 26 Nov
const TO = Date.UTC(2026, 11, 4, 6, 0); // Fri, 4 Dec

const delhi: DeliveryCheck = {
  pin: '110001',
  district: 'New Delhi',
  state: 'Delhi',
  serviceable: true,
  cashOnDelivery: true,
  deliverBy: { from: FROM, to: TO },
};
const portBlair: DeliveryCheck = {
  ...delhi,
  pin: '744101',
  district: 'South Andaman',
  state: 'Andaman and Nicobar Islands',
  cashOnDelivery: false,
};
const unserved: DeliveryCheck = {
  ...delhi,
  pin: '799001',
  district: 'West Tripura',
  state: 'Tripura',
  serviceable: false,
  cashOnDelivery: false,
  deliverBy: null,
};

const UNKNOWN = 'We could not find this PIN code. Please check it.';

/** The API as the delivery check sees it: three known PIN codes, the rest unknown. */
function serve() {
  return answerCalls((_name, sent) => {
    const pin = sent.params?.pin;
    const check = [delhi, portBlair, unserved].find((c) => c.pin === pin);
    if (!check) throw new ApiError('http', UNKNOWN, { status: 404, serverMessage: UNKNOWN });
    return { success: true, check };
  });
}

const input = () => screen.getByLabelText('PIN code');
const answer = () => screen.getByTestId('delivery-answer');

function check(pin: string) {
  fireEvent.change(input(), { target: { value: pin } });
  fireEvent.submit(input().closest('form')!);
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<DeliveryCheckBox>', () => {
  it('answers by when, where and with cash on delivery, and remembers the PIN code', async () => {
    const spy = serve();
    render(<DeliveryCheckBox />);
    expect(input().getAttribute('inputmode')).toBe('numeric');
    check('110001');
    expect(answer().textContent).toBe('Checking…');
    await screen.findByText('Delivery by Thu, 26 Nov – Fri, 4 Dec');
    expect(screen.getByTestId('delivery-place').textContent).toBe('to New Delhi, Delhi');
    expect(screen.getByTestId('delivery-cod').textContent).toBe('Cash on delivery available');
    expect(answer().getAttribute('aria-live')).toBe('polite');
    expect(sentTo(spy, 'delivery.check').map((s) => s.params)).toEqual([{ pin: '110001' }]);
    expect(getDeliveryPin()).toBe('110001');
  });

  it('says where cash on delivery is not offered, and where the shop does not deliver', async () => {
    serve();
    render(<DeliveryCheckBox />);
    check('744101');
    expect((await screen.findByTestId('delivery-cod')).textContent).toBe(
      'Cash on delivery is not available here',
    );
    check('799001');
    expect((await screen.findByTestId('delivery-not-served')).textContent).toBe(
      'We do not deliver to this PIN code yet',
    );
    expect(answer().textContent).toContain('to West Tripura, Tripura');
    expect(screen.queryByTestId('delivery-window')).toBeNull();
    // The shop found it, so it is the one to start from next time.
    expect(getDeliveryPin()).toBe('799001');
  });

  it('shows the API’s words for an unknown PIN code and does not remember it', async () => {
    serve();
    window.localStorage.setItem(DELIVERY_PIN_KEY, '110001');
    render(<DeliveryCheckBox />);
    await screen.findByTestId('delivery-window');
    check('123456');
    expect((await screen.findByTestId('delivery-refusal')).textContent).toBe(UNKNOWN);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(getDeliveryPin()).toBe('110001');
  });

  it('asks for a PIN code when none is typed, without a call, and keeps only digits', () => {
    const spy = serve();
    render(<DeliveryCheckBox />);
    fireEvent.submit(input().closest('form')!);
    expect(screen.getByTestId('delivery-refusal').textContent).toBe(
      'Please enter a valid 6-digit PIN code',
    );
    expect(spy).not.toHaveBeenCalled();
    fireEvent.change(input(), { target: { value: '110 00-1x9' } });
    expect((input() as HTMLInputElement).value).toBe('110001');
  });

  it('starts from the remembered PIN code and checks it as it opens', async () => {
    const spy = serve();
    window.localStorage.setItem(DELIVERY_PIN_KEY, '744101');
    render(<DeliveryCheckBox />);
    expect((input() as HTMLInputElement).value).toBe('744101');
    await screen.findByText('Cash on delivery is not available here');
    await waitFor(() =>
      expect(sentTo(spy, 'delivery.check').at(-1)?.params).toEqual({ pin: '744101' }),
    );
  });

  it('ignores a remembered value that is not a PIN code', () => {
    const spy = serve();
    window.localStorage.setItem(DELIVERY_PIN_KEY, 'abc');
    render(<DeliveryCheckBox />);
    expect((input() as HTMLInputElement).value).toBe('');
    expect(spy).not.toHaveBeenCalled();
  });
});
