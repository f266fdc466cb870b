import { apiErrorSchema, signInWarningsSchema } from '@mathclub/shared';
import { answer } from '../../plugins/openapi-responses.js';
/**
 * GET /api/users/sign-in-warnings: the accounts whose login has seen at least LOGIN_RATE_LIMIT
 * failed sign-ins (from every address) in the last 24 hours, most first, so a teacher can tell
 * the student, or notice someone guessing their own password. The counts are the sign-in
 * throttle's own (plugins/guess-limits.ts): in Redis when configured, else in this process; they
 * change without the database changing, so this answer is never cached.
 */
export async function signInWarningsRoutes(app) {
    const { failuresPerLogin, loginUnderAttackAt } = app.signInLimits;
    app.withTypeProvider().get('/api/users/sign-in-warnings', {
        schema: {
            tags: ['users'],
            operationId: 'listSignInWarnings',
            summary: 'Accounts with many failed sign-ins in the last 24 hours (teacher)',
            description: `Accounts whose login had at least LOGIN_RATE_LIMIT (default 10) wrong passwords from all addresses together in the last 24 hours, most first. Nobody is locked out by them: see docs/security.md.`,
            security: [{ bearerAuth: [] }],
            response: { 200: answer('The warned accounts (userId, failedSignIns), most failures first; empty when none.', signInWarningsSchema), 401: apiErrorSchema, 403: apiErrorSchema },
        },
        onRequest: app.authorize('user.list'),
        handler: async () => {
            // One counter read per account (pipelined in one round trip with Redis): a school's few
            // hundred accounts, read only when a teacher opens the Students page.
            const accounts = await app.db.selectFrom('users').select(['id', 'login_key']).execute();
            const counts = await Promise.all(accounts.map(async (a) => (await failuresPerLogin.get(a.login_key))?.consumedPoints ?? 0));
            const warnings = [];
            accounts.forEach((a, i) => {
                const failedSignIns = counts[i];
                if (failedSignIns >= loginUnderAttackAt)
                    warnings.push({ userId: a.id, failedSignIns });
            });
            return warnings.sort((x, y) => y.failedSignIns - x.failedSignIns || x.userId - y.userId);
        },
    });
}
//# sourceMappingURL=sign-in-warnings.routes.js.map