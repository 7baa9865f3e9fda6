/**
 * Service errors: a refusal with a kind (which maps to an HTTP status and a tRPC code) and a
 * message for people. Rule errors from the engine keep their own codes and messages.
 */
export type ServiceErrorKind = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS';

export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export const HTTP_STATUS: Record<ServiceErrorKind, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
};

export const refuse = (kind: ServiceErrorKind, message: string) => new ServiceError(kind, message);
