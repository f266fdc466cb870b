/** Status each error code answers with unless the thrower says otherwise. */
const DEFAULT_STATUS = {
    VALIDATION_FAILED: 400,
    UNAUTHORIZED: 401,
    INVALID_CREDENTIALS: 401,
    ACCOUNT_INACTIVE: 403,
    // At sign-in; a request with a token of an account turned off since answers it with 401.
    ACCOUNT_DEACTIVATED: 403,
    FORBIDDEN: 403,
    NOT_FOUND: 404,
    LOGIN_TAKEN: 400,
    GROUP_NAME_TAKEN: 400,
    GROUP_NOT_EMPTY: 409,
    CANNOT_DEACTIVATE_SELF: 409,
    OWNER_TARGET_INVALID: 409,
    SOLUTION_EXISTS: 409,
    TASK_CLOSED: 409,
    TASK_HAS_SOLUTIONS: 409,
    SNIPPET_LIMIT: 400,
    WRONG_PASSWORD: 400,
    UNSUPPORTED_IMAGE: 400,
    IMAGE_TOO_LARGE: 413,
    IMAGE_TOO_MANY_PIXELS: 400,
    PAYLOAD_TOO_LARGE: 413,
    UNSUPPORTED_MEDIA_TYPE: 415,
    RATE_LIMITED: 429,
    SERVICE_UNAVAILABLE: 503,
    // 503 rather than 507: every client and load balancer already reads it as "try again later".
    DISK_FULL: 503,
    INTERNAL: 500,
};
/** A rule broken on purpose by the client; the error handler turns it into the API error body. */
export class AppError extends Error {
    code;
    statusCode;
    validationErrors;
    messageKey;
    retryAfterSeconds;
    constructor(code, options = {}) {
        super(code);
        this.name = 'AppError';
        this.code = code;
        this.statusCode = options.statusCode ?? DEFAULT_STATUS[code];
        this.validationErrors = options.validationErrors;
        this.messageKey = options.messageKey ?? code;
        this.retryAfterSeconds = options.retryAfterSeconds;
    }
}
/** 400 VALIDATION_FAILED for one or more fields. */
export const validationError = (validationErrors, code = 'VALIDATION_FAILED') => new AppError(code, { validationErrors });
export const notFound = () => new AppError('NOT_FOUND');
export const forbidden = () => new AppError('FORBIDDEN');
export const unauthorized = () => new AppError('UNAUTHORIZED');
//# sourceMappingURL=app-error.js.map