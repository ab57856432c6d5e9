/**
 * Errors the API answers with. Each has an HTTP status, a stable id (for logs and clients that
 * branch on it) and whether it is worth reporting (5xx are; expected 4xx are not).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly id: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get isReportable(): boolean {
    return this.statusCode >= 500;
  }
}

export const badRequest = (message: string, id = 'bad_request') => new AppError(400, id, message);
export const unauthorized = (message = 'Unauthorized', id = 'unauthorized') => new AppError(401, id, message);
export const forbidden = (message: string, id = 'forbidden') => new AppError(403, id, message);
export const notFound = (message: string, id = 'not_found') => new AppError(404, id, message);
export const conflict = (message: string, id = 'conflict', extra: Record<string, unknown> = {}) =>
  new AppError(409, id, message, extra);
export const internal = (message = 'Something went wrong, please try again later', id = 'internal') =>
  new AppError(500, id, message);
