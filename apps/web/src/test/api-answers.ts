import { vi } from 'vitest';
import { answerCheckOf } from '@/lib/answer-checks';
import { api, type ApiClient, type CallableEndpoint } from '@/lib/api-client';

/** What a component's call sent, as the server would read it. */
export interface SentCall {
  body?: unknown;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  signal?: AbortSignal;
}

/** A test's server: the JSON answer to one call (or a thrown/rejected ApiError). */
export type ServerAnswer = (name: CallableEndpoint, sent: SentCall) => unknown;

/**
 * The answer as `call` would resolve it: passed through the endpoint's own check (its guard, or
 * its schema from the table), so a fixture the contract refuses fails the test instead of
 * reaching the component.
 */
async function checkedAnswer(name: CallableEndpoint, body: unknown): Promise<unknown> {
  const check = answerCheckOf(name);
  const schema = typeof check === 'function' ? await check() : check;
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`the fixture for ${name} breaks its answer contract`);
  return result.data;
}

const answering =
  (answer: ServerAnswer): ApiClient['call'] =>
  async (name, ...[options]) =>
    checkedAnswer(name, await answer(name, (options ?? {}) as SentCall)) as never;

/**
 * The network boundary of a component test: every `api.call` is answered by `answer`. Returns
 * the spy; `sentTo(spy, name)` lists what each call to one endpoint sent.
 */
export function answerCalls(answer: ServerAnswer) {
  return vi.spyOn(api, 'call').mockImplementation(answering(answer));
}

/** An API client for components that take one (`client` prop), answering like `answerCalls`. */
export function clientAnswering(answer: ServerAnswer): ApiClient {
  return { call: answering(answer), onSessionExpired: () => () => {} };
}

/** What the calls to `name` sent, in order. */
export function sentTo(spy: ReturnType<typeof answerCalls>, name: CallableEndpoint): SentCall[] {
  return spy.mock.calls
    .filter(([called]) => called === name)
    .map(([, options]) => (options ?? {}) as SentCall);
}
