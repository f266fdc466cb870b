import { schoolInfoSchema } from '@mathclub/shared';
import { answer } from '../../plugins/openapi-responses.js';
/**
 * GET /api/school: the set-up every page needs, public like the landing page: the time zone in
 * which task windows are shown and entered (PRODUCT.md §10; SCHOOL_TIME_ZONE), whatever the
 * zone of the teacher's phone.
 */
export async function schoolRoutes(app) {
    const info = { timeZone: app.config.schoolTimeZone };
    app.withTypeProvider().get('/api/school', {
        schema: { tags: ['school'], operationId: 'getSchool', summary: "The school's set-up (its time zone)", security: [], response: { 200: answer('The school time zone (IANA).', schoolInfoSchema) } },
        handler: async () => info,
    });
}
//# sourceMappingURL=school.routes.js.map