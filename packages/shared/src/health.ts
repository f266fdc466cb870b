import { z } from 'zod';

/** GET /api/health and GET /api/ready body. */
export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) }).meta({ id: 'Health', description: 'A probe answer.' });
