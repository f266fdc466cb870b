import DataLoader from 'dataloader';
import { findSessionUsers } from './users.repository.js';
/**
 * The requests that arrive in one turn of the event loop share one query (dataloader), never
 * kept: each is checked by a query that started after it arrived, so a deactivation, a password
 * change or a logout made by any instance, or by hand in the database, counts at the very next
 * request. On PostgreSQL a class's requests arriving together were a statement each, and each
 * statement's own cost there was about the account's reading.
 */
export function createSessionUserLookup(database) {
    const loader = new DataLoader(async (ids) => {
        const found = await findSessionUsers(database, ids);
        return ids.map((id) => found.get(id));
    }, { cache: false, maxBatchSize: 100, batchScheduleFn: (dispatch) => setImmediate(dispatch) });
    return (id) => loader.load(id);
}
//# sourceMappingURL=session-user-lookup.js.map