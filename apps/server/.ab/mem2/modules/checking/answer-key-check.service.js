import { answerKeyFieldErrors } from '@mathclub/shared';
import { validationError } from '../../lib/app-error.js';
import { requireAccess } from '../access/access.policy.js';
/**
 * The task form's preview of a key and its "try an answer" box (PRODUCT.md §9): the same rules and
 * the same worker pool as a real answer, so what the teacher sees is what a student would get.
 * Nothing is stored.
 */
export class AnswerKeyCheckService {
    checker;
    constructor(checker) {
        this.checker = checker;
    }
    async check(actor, input) {
        requireAccess(actor, 'answerKey.check');
        const errors = answerKeyFieldErrors({ answerKind: input.answerKind, answerKey: input.answerKey, tolerance: input.tolerance, checkMode: 'manual' });
        if (Object.keys(errors).length > 0)
            throw validationError(errors);
        const parsed = await this.checker.parseKey(input.answerKind, input.answerKey);
        if (!parsed.ok)
            throw validationError({ answerKey: parsed.error });
        const verdict = input.answer === '' ? null : await this.checker.check({ kind: input.answerKind, key: input.answerKey, tolerance: input.tolerance }, input.answer);
        return { keyLatex: parsed.latex, verdict };
    }
}
//# sourceMappingURL=answer-key-check.service.js.map