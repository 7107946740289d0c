import { endSession, guestFilter, getSession } from '@/shared/auth/session';
import { ApiError, PARSE_ERROR_MESSAGE, type ErrorCode } from './api-error';
import type { paths } from './schema';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type PathsWith<M extends Method> = {
  [P in keyof paths]: undefined extends paths[P][M] ? never : P;
}[keyof paths];
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessBody<O> = O extends { responses: infer R }
  ? R extends { 200: infer Ok }
    ? JsonOf<Ok>
    : R extends { 201: infer Created }
      ? JsonOf<Created>
      : // 202 Accepted: the write was taken on as a job (cancel, return capture, deferred payment, e-invoice).
        R extends { 202: infer Accepted }
        ? JsonOf<Accepted>
        : never
  : never;
type ParamsOf<O> = O extends { parameters: infer Params } ? Params : never;
type QueryOf<O> = ParamsOf<O> extends { query?: infer Query } ? Query : never;
type PathParamsOf<O> = ParamsOf<O> extends { path: infer Path } ? Path : never;
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;

/**
 * Who the call is made as. `member` sends the bearer token; `member-or-guest` also sends the
 * stored visitor's `filter` query when there is one; `none` sends neither.
 */
export type Auth = 'member' | 'member-or-guest' | 'none';

export interface RequestOptions<O> {
  auth: Auth;
  params?: PathParamsOf<O>;
  query?: QueryOf<O>;
  /** A query string the server handed out (history `pages.next`), sent first and as is. */
  rawQuery?: string | null;
  body?: BodyOf<O>;
  signal?: AbortSignal;
  /** Statuses answered with this value instead of an error (history accepts 404 as empty). */
  fallbackOn?: Partial<Record<number, SuccessBody<O>>>;
  /** Extra request headers (an `Idempotency-Key` on a write that must apply once, a store's `X-Store-Key`). */
  headers?: Record<string, string>;
  /** Reads the answer's headers (the store console keeps the list's `ETag`). */
  onHeaders?: (headers: Headers) => void;
}

function buildUrl(template: string, params: object | undefined, query: object | undefined, rawQuery?: string | null) {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    return encodeURIComponent(typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  });
  const search = new URLSearchParams(rawQuery ?? '');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const retryHeader = Number(response.headers.get('Retry-After'));
  const retryAfter = Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : null;
  if (typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string') {
    // The server answers only codes of its catalogue (`error::Code`), which `ErrorCode` is generated from.
    const { code, message, field } = body as { code: ErrorCode; message?: unknown; field?: unknown };
    return new ApiError({
      status: response.status,
      code,
      message: typeof message === 'string' ? message : code,
      field: typeof field === 'string' ? field : null,
      retryAfter,
      location: response.headers.get('Location'),
    });
  }
  return new ApiError({
    status: response.status,
    code: 'unparseable-response',
    message: PARSE_ERROR_MESSAGE,
    retryAfter,
  });
}

async function request<O>(method: Method, template: string, options: RequestOptions<O>): Promise<SuccessBody<O>> {
  const session = getSession();
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const query: Record<string, unknown> = { ...(options.query as object | undefined) };
  const asMember = options.auth !== 'none' && session.member !== null;
  // Browsers are signed in by the session cookie (sent by fetch on its own); bearer tokens are for other clients.
  if (asMember && session.member?.accessToken) headers.Authorization = `Bearer ${session.member.accessToken}`;
  // Every write made with the session cookie repeats the session's CSRF value.
  if (method !== 'get' && session.member?.csrfToken) headers['X-CSRF-Token'] = session.member.csrfToken;
  // A signed-in member who also looked an order up as a guest sends both: the server accepts either.
  if (options.auth === 'member-or-guest' && session.visitor && query.filter === undefined) {
    query.filter = guestFilter(session.visitor);
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(template, options.params as object | undefined, query, options.rawQuery), {
      method: method.toUpperCase(),
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    // 002 §8's internal message for a request that never got an answer.
    throw new ApiError({ status: 0, code: 'network-error', message: 'Request Failed' });
  }

  options.onHeaders?.(response.headers);
  const text = await response.text();
  const body = text === '' ? undefined : parseJson(text);
  if (response.ok) {
    // No content: 204, or a 202 that carries no body (POST /auth/v1/password_resets).
    if (response.status === 204 || (response.status === 202 && body === undefined)) return undefined as SuccessBody<O>;
    if (body === undefined) {
      throw new ApiError({ status: response.status, code: 'unparseable-response', message: PARSE_ERROR_MESSAGE });
    }
    return body as SuccessBody<O>;
  }
  const fallbacks = options.fallbackOn;
  if (fallbacks && response.status in fallbacks) return fallbacks[response.status] as SuccessBody<O>;
  // A session the server no longer accepts has ended; pages say so and send the shopper to sign in.
  if (response.status === 401 && asMember) endSession();
  throw toApiError(response, body);
}

export const apiGet = <P extends PathsWith<'get'>>(path: P, options: RequestOptions<Operation<P, 'get'>>) =>
  request<Operation<P, 'get'>>('get', path, options);

export const apiPost = <P extends PathsWith<'post'>>(path: P, options: RequestOptions<Operation<P, 'post'>>) =>
  request<Operation<P, 'post'>>('post', path, options);

export const apiPut = <P extends PathsWith<'put'>>(path: P, options: RequestOptions<Operation<P, 'put'>>) =>
  request<Operation<P, 'put'>>('put', path, options);

export const apiPatch = <P extends PathsWith<'patch'>>(path: P, options: RequestOptions<Operation<P, 'patch'>>) =>
  request<Operation<P, 'patch'>>('patch', path, options);

export const apiDelete = <P extends PathsWith<'delete'>>(path: P, options: RequestOptions<Operation<P, 'delete'>>) =>
  request<Operation<P, 'delete'>>('delete', path, options);
