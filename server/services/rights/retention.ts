import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { forgetErased, type Db } from '../../../db/index';
import { transact } from '../../../db/groupCommit';
import { deleteConversations, deleteLeads, deletePaidPhotosBefore, recentRetentionRuns, recordRetentionRun, staleUnpaidLeads } from '../../../db/queries/rights';
import type { RetentionPolicy } from '../../../openapi/schemas/rights';

// Retention (issue 44 item 4): applications never paid go after RETENTION_UNPAID_DAYS without a change (30 by
// default, as the official DS-160 site keeps drafts); photos of paid applications after RETENTION_PAID_PHOTO_DAYS.
// Daily jobs on the job runner; each run is logged and kept in retention_runs with its counts.

export const UNPAID_QUEUE = 'retention.unpaid';
export const PHOTOS_QUEUE = 'retention.photos';
const BATCH = 500;
const DAY_MS = 86_400_000;

export interface RetentionCounts {
  cutoff: string;
  leadsDeleted: number;
  photosDeleted: number;
}

export class Retention {
  constructor(
    private readonly db: Db,
    private readonly policy: { unpaidDays: number; paidPhotoDays: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Deletes, in batches, every unpaid application unchanged since the cutoff, with its conversations. */
  async sweepUnpaid(now = new Date()): Promise<RetentionCounts> {
    const cutoff = new Date(now.getTime() - this.policy.unpaidDays * DAY_MS).toISOString();
    let leadsDeleted = 0;
    for (;;) {
      const done = await transact(this.db, async (trx) => {
        const ids = await staleUnpaidLeads(trx, cutoff, BATCH);
        await deleteConversations(trx, ids, []);
        leadsDeleted += await deleteLeads(trx, ids);
        return ids.length < BATCH;
      });
      if (done) break;
    }
    return this.record(UNPAID_QUEUE, { cutoff, leadsDeleted, photosDeleted: 0 });
  }

  async sweepPaidPhotos(now = new Date()): Promise<RetentionCounts> {
    const cutoff = new Date(now.getTime() - this.policy.paidPhotoDays * DAY_MS).toISOString();
    const photosDeleted = await transact(this.db, (trx) => deletePaidPhotosBefore(trx, cutoff));
    return this.record(PHOTOS_QUEUE, { cutoff, leadsDeleted: 0, photosDeleted });
  }

  /** What the admin area shows: the policy and its latest runs. */
  async overview(): Promise<RetentionPolicy> {
    const runs = await recentRetentionRuns(this.db, 20);
    return {
      ...this.policy,
      runs: runs.map((r) => ({ job: r.job, cutoff: r.cutoff, leadsDeleted: r.leads_deleted, photosDeleted: r.photos_deleted, ranAt: r.ran_at })),
    };
  }

  private async record(job: string, counts: RetentionCounts): Promise<RetentionCounts> {
    // What a sweep deleted leaves no copy in SQLite's WAL (issue 44; secure_delete zeroes the pages themselves).
    await forgetErased(this.db);
    await recordRetentionRun(this.db, { id: randomUUID(), job, cutoff: counts.cutoff, leads_deleted: counts.leadsDeleted, photos_deleted: counts.photosDeleted, ran_at: new Date().toISOString() });
    this.log.info({ job, ...counts }, 'retention run');
    return counts;
  }
}
