import { createHmac, randomBytes } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@mathclub/shared';
/**
 * Join codes (PRODUCT.md §13) that a copy of the database does not give away. A group stores a
 * random nonce; its code is an HMAC of the group and the nonce under a key derived from the
 * server's secret, written in JOIN_CODE_ALPHABET, so the teacher can be shown the live code again
 * without it being stored. An entered code is found by a second HMAC (of the code), stored unique:
 * an exact index lookup, and without the secret neither value leads back to a code. Rotating draws
 * a new nonce, so the old code stops matching at once.
 */
export class JoinCodes {
    key;
    constructor(serverSecret) {
        // A key of its own: nothing signed for tokens or image links can be replayed as a code.
        this.key = createHmac('sha256', serverSecret).update('mathclub join codes v1').digest();
    }
    /** A fresh nonce for a group's next code. */
    newNonce() {
        return randomBytes(16).toString('base64url');
    }
    /** The code a group's nonce stands for: 8 characters, 25^8 ≈ 1.5·10^11 possibilities. */
    codeFor(groupId, nonce) {
        const digest = createHmac('sha256', this.key).update(`code:${groupId}:${nonce}`).digest();
        // 64 bits reduced to 8 base-25 digits: the bias of the modulo is below 2^-25.
        let n = digest.readBigUInt64BE(0);
        const base = BigInt(JOIN_CODE_ALPHABET.length);
        let code = '';
        for (let i = 0; i < JOIN_CODE_LENGTH; i++) {
            code += JOIN_CODE_ALPHABET[Number(n % base)];
            n /= base;
        }
        return code;
    }
    /** The lookup key of a (normalised) code. */
    lookupHash(code) {
        return createHmac('sha256', this.key).update(`lookup:${code}`).digest('base64url');
    }
}
//# sourceMappingURL=join-codes.js.map