import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
/** Algorithm.Argon2id; the enum is a `const enum`, which isolated modules cannot import. */
const ARGON2ID = 2;
/** argon2id hashing with the configured cost, plus a decoy check that keeps unknown logins as slow as wrong passwords. */
export class PasswordHasher {
    cost;
    /** A hash of a random password with the same cost, made up front so even the first decoy check takes full time. */
    decoy;
    constructor(cost) {
        this.cost = cost;
        this.decoy = this.hash(randomBytes(16).toString('hex'));
        this.decoy.catch(() => { });
    }
    hash(password) {
        return hash(password, { algorithm: ARGON2ID, ...this.cost });
    }
    /** False for a wrong password or an unreadable hash; never throws. */
    async verify(passwordHash, password) {
        try {
            return await verify(passwordHash, password);
        }
        catch {
            return false;
        }
    }
    /** Spends the same time as a real check and always fails (for logins that do not exist). */
    async verifyDecoy(password) {
        await this.verify(await this.decoy, password);
        return false;
    }
}
/** A random password people can type: 20 characters from an unambiguous alphabet (~114 bits). */
export function generatePassword(length = 20) {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
    const bytes = randomBytes(length * 2);
    let out = '';
    for (let i = 0; out.length < length && i < bytes.length; i++) {
        const b = bytes[i];
        // Rejection sampling keeps every character equally likely.
        if (b < 256 - (256 % alphabet.length))
            out += alphabet[b % alphabet.length];
    }
    return out.length === length ? out : generatePassword(length);
}
//# sourceMappingURL=passwords.js.map