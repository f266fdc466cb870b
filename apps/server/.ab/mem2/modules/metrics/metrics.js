import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { observeQueries } from '../../db/database.js';
import { DiskFullWatch } from '../../lib/disk-full.js';
import { imagePipelineQueueLength, observeImagePipeline } from '../files/image-pipeline.js';
/** Seconds; from a small read (~1 ms) to a photo upload on a slow line. */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const DB_BUCKETS = [0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const IMAGE_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
let shared;
/**
 * The process's metrics, created on first use and wired to the database and the image pipeline
 * (both per process). Nothing is measured in a process that never
 * calls this: without METRICS_TOKEN the server does not.
 */
export function processMetrics() {
    if (shared)
        return shared;
    const registry = new Registry();
    // CPU, memory, GC, handles and the event loop's lag (nodejs_eventloop_lag_seconds and its
    // percentiles from monitorEventLoopDelay).
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    const registers = [registry];
    const metrics = {
        registry,
        httpRequests: new Counter({
            name: 'mathclub_http_requests_total',
            help: 'HTTP requests answered, by method, route pattern (not the raw URL) and status code.',
            labelNames: ['method', 'route', 'status'],
            registers,
        }),
        httpDuration: new Histogram({
            name: 'mathclub_http_request_duration_seconds',
            help: 'Time from receiving a request to its answer, by method, route pattern and status code.',
            labelNames: ['method', 'route', 'status'],
            buckets: HTTP_BUCKETS,
            registers,
        }),
        rateLimited: new Counter({
            name: 'mathclub_rate_limited_total',
            help: 'Requests refused with 429 by a rate limit or a guess throttle, by route pattern.',
            labelNames: ['route'],
            registers,
        }),
        dbQueryDuration: new Histogram({
            name: 'mathclub_db_query_duration_seconds',
            help: 'Database query time as Kysely sees it (result ok or error).',
            labelNames: ['result'],
            buckets: DB_BUCKETS,
            registers,
        }),
        imageDuration: new Histogram({
            name: 'mathclub_image_pipeline_duration_seconds',
            help: 'Time to decode, clean and re-encode one uploaded image, once it has a decode slot (result ok or rejected).',
            labelNames: ['result'],
            buckets: IMAGE_BUCKETS,
            registers,
        }),
        imageQueueWait: new Histogram({
            name: 'mathclub_image_pipeline_queue_wait_seconds',
            help: 'Time an uploaded image waited for a decode slot (one per core).',
            buckets: [0, ...IMAGE_BUCKETS],
            registers,
        }),
        diskFull: new Counter({
            name: 'mathclub_disk_full_total',
            help: 'Writes refused because a disk is full (answered 503 DISK_FULL), by store: database, or files (images under DATA_DIR).',
            labelNames: ['store'],
            registers,
        }),
    };
    new Gauge({
        name: 'mathclub_image_pipeline_queue_length',
        help: 'Uploaded images waiting for a decode slot right now.',
        registers,
        collect() {
            this.set(imagePipelineQueueLength());
        },
    });
    // Label values made once: the hot paths only look them up.
    const ok = metrics.dbQueryDuration.labels('ok');
    const failed = metrics.dbQueryDuration.labels('error');
    observeQueries((ms, error) => (error ? failed : ok).observe(ms / 1000));
    const imageOk = metrics.imageDuration.labels('ok');
    const imageRejected = metrics.imageDuration.labels('rejected');
    observeImagePipeline({
        waited: (ms) => metrics.imageQueueWait.observe(ms / 1000),
        processed: (ms, rejected) => (rejected ? imageRejected : imageOk).observe(ms / 1000),
    });
    DiskFullWatch.onFull = (store) => metrics.diskFull.labels(store).inc();
    shared = metrics;
    return metrics;
}
//# sourceMappingURL=metrics.js.map