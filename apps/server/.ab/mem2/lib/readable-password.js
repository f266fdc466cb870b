import { randomInt } from 'node:crypto';
/** Lower-case letters and digits a child reads off a card without mixing up (no l/1, o/0, i/j). */
const ALPHABET = 'abcdefghkmnpqrstuvwxyz23456789';
/**
 * A password printed on a login card (PRODUCT.md §13): three groups of four, "k7mq-p3xr-w9ta":
 * 12 random characters of 30 (about 59 bits), easy to copy by hand, well past any online guessing
 * the sign-in throttle allows. The student changes it from their profile.
 */
export function readablePassword() {
    const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${group()}-${group()}-${group()}`;
}
//# sourceMappingURL=readable-password.js.map