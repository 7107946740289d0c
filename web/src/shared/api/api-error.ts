import type { components } from './schema';

/**
 * Every code an error may carry: the server's catalogue (`Code` in the served document, generated from
 * the server's `error::Code`) and the two the client itself produces.
 */
export type ErrorCode = components['schemas']['Code'] | 'network-error' | 'unparseable-response';

export const PARSE_ERROR_MESSAGE = 'Could not parse server response';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field: string | null;
  /** Seconds from a `Retry-After` header (429), when the server sent one. */
  readonly retryAfter: number | null;
  /** The `Location` header of the answer (a 409 duplicate names the existing object there). */
  readonly location: string | null;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    field?: string | null;
    retryAfter?: number | null;
    location?: string | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field ?? null;
    this.retryAfter = init.retryAfter ?? null;
    this.location = init.location ?? null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** True for failures worth one more try: the network or the server, never the caller's mistake. */
export const isTransient = (error: unknown): boolean =>
  isApiError(error) ? error.status === 0 || error.status >= 500 : false;
