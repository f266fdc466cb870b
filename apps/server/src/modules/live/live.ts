import type { FastifyInstance } from 'fastify';
import { LIVE_EVENT_RETENTION_HOURS, LIVE_HEARTBEAT_MS, NOTIFICATION_RETENTION_DAYS } from '@mathclub/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AchievementsService } from '../achievements/achievements.service.js';
import { createFanOut } from './create-fan-out.js';
import { LiveAnnouncer } from './live-announcer.js';
import { LiveHub } from './live-hub.js';
import { prune } from './live.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Raises live events and notifications (PRODUCT.md §12): call it after a write commits. */
    live: LiveAnnouncer;
    /** This instance's open event streams and the fan-out to the others. */
    liveHub: LiveHub;
  }
}

const HOUR = 3_600_000;

/**
 * Live updates: the hub (streams + fan-out driver), the announcer services call, and an hourly
 * prune of old events and notifications. Registered after auth (the hub re-runs its check).
 */
export async function registerLive(app: FastifyInstance, config: Config, database: Database, options: { heartbeatMs?: number } = {}): Promise<void> {
  const log = (message: string, error?: unknown) => app.log.warn({ err: error }, message);
  // Below the idle timeout, so a quiet stream is never closed as idle.
  const heartbeatMs = options.heartbeatMs ?? Math.min(LIVE_HEARTBEAT_MS, Math.floor(config.requestIdleTimeoutMs * 0.8));
  const hub = new LiveHub(app.db, createFanOut(config, database, log), app.authenticate, log, heartbeatMs, config.liveStreamsPerAddress);
  const achievements = new AchievementsService(app.db, config.schoolTimeZone);
  app.decorate('liveHub', hub);
  const announcer = new LiveAnnouncer(hub, app.db, achievements, log);
  app.decorate('live', announcer);

  const pruneOld = () => {
    const now = Date.now();
    prune(app.db, new Date(now - LIVE_EVENT_RETENTION_HOURS * HOUR).toISOString(), new Date(now - NOTIFICATION_RETENTION_DAYS * 24 * HOUR).toISOString()).catch((error: unknown) =>
      log('live updates: cannot prune old events and notifications', error),
    );
  };
  let pruner: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await hub.start();
    pruneOld();
    pruner = setInterval(pruneOld, HOUR);
    pruner.unref();
  });
  // Before the server waits for open connections to finish: the streams end first.
  app.addHook('preClose', async () => {
    if (pruner) clearInterval(pruner);
    // The achievements announced after their requests' answers, while the hub can still store them.
    await announcer.settled();
    await hub.close();
  });
}
