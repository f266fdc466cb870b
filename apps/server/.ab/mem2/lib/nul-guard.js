import { INVALID_VALUE_KEY } from '@mathclub/shared';
import { validationError } from './app-error.js';
/**
 * The path of the first string (value or key) holding a NUL character, or undefined.
 * PostgreSQL text cannot store U+0000, and no form has a use for it.
 */
export function findNul(value, depth = 0) {
    if (typeof value === 'string')
        return value.includes('\u0000') ? [] : undefined;
    if (value === null || typeof value !== 'object' || depth > 64)
        return undefined;
    for (const key in value) {
        if (!Object.hasOwn(value, key))
            continue;
        if (key.includes('\u0000'))
            return [key];
        // The path is only built on the way back from a find: this runs on every request's query and body.
        const found = findNul(value[key], depth + 1);
        if (found)
            return [key, ...found];
    }
    return undefined;
}
/** Throws 400 VALIDATION_FAILED naming the field when `value` holds a NUL anywhere. */
export function assertNoNul(value, root = 'body') {
    const path = findNul(value);
    if (path)
        throw validationError({ [path.join('.') || root]: INVALID_VALUE_KEY });
}
//# sourceMappingURL=nul-guard.js.map