import type { LiveAnnouncement } from '../../domain/announcements.ts';
import { publishedAnnouncementsSchema } from '../../schemas/announcement.ts';
import { log } from '../observability/log.ts';

/** How long a process serves its copy of the published announcements before it reads them again. */
export const ANNOUNCEMENT_FEED_SECONDS = 3;

/**
 * The published announcements as a process serves them: read at most once per ANNOUNCEMENT_FEED_SECONDS, so pages
 * cost no query each, and at once after this process published or withdrew one (`announcementsChanged`). Another
 * process (a second replica) sees the change at its next read, within those seconds. A failed read keeps the last
 * list (a database away for a moment must not take the notice of a port closure off every page) and is tried again
 * after those seconds.
 */
export class AnnouncementFeed {
  #list: LiveAnnouncement[] = [];
  #readAt = Number.NEGATIVE_INFINITY;
  #seenChange = changeCount();
  /** The read on its way, and the change count it began at (requests meanwhile share it). */
  #reading: { change: number; list: Promise<LiveAnnouncement[]> } | undefined;

  readonly #read: () => Promise<LiveAnnouncement[]>;
  readonly #clock: () => number;
  readonly #seconds: number;

  constructor(
    read: () => Promise<LiveAnnouncement[]>,
    clock: () => number = Date.now,
    seconds = ANNOUNCEMENT_FEED_SECONDS,
  ) {
    this.#read = read;
    this.#clock = clock;
    this.#seconds = seconds;
  }

  /** The list, read again when it is older than the feed's seconds or changed in this process since. */
  current(): Promise<LiveAnnouncement[]> {
    const change = changeCount();
    if (change === this.#seenChange && this.#clock() - this.#readAt < this.#seconds * 1000)
      return Promise.resolve(this.#list);
    if (this.#reading?.change === change) return this.#reading.list;
    // A read that began before the latest change may answer without it: read again once it is done.
    const before = this.#reading?.list;
    const reading = {
      change,
      list: before ? before.then(() => this.#refresh(change)) : this.#refresh(change),
    };
    this.#reading = reading;
    void reading.list.finally(() => {
      if (this.#reading === reading) this.#reading = undefined;
    });
    return reading.list;
  }

  /** Never fails: a failed read keeps the last list, and is tried again after the feed's seconds. */
  async #refresh(change: number): Promise<LiveAnnouncement[]> {
    try {
      this.#list = await this.#read();
    } catch (error) {
      log.error({ err: error }, 'announcements: could not read the published list; serving the last one');
    }
    // Success or not, not again before the feed's seconds: an outage is not a flood of reads and logs.
    this.#readAt = this.#clock();
    this.#seenChange = change;
    return this.#list;
  }
}

/*
 * The server's entry (main.ts) and the pages' bundle each hold their own copy of the modules under src/, so a
 * module-level counter would not be shared between them: the process's global object is.
 */
const CHANGES = Symbol.for('segara.announcements.changes');
interface Changes {
  [CHANGES]?: number;
}

function changeCount(): number {
  return (globalThis as Changes)[CHANGES] ?? 0;
}

/** Tells every feed of this process to read the list again at its next request (a publication, a withdrawal). */
export function announcementsChanged(): void {
  (globalThis as Changes)[CHANGES] = changeCount() + 1;
}

/**
 * Reads the published announcements from the API (`GET /api/announcements`) of the server at `origin`: how the
 * server's entry (main.ts), which holds no database of its own, learns them.
 */
export async function readAnnouncementsFrom(origin: string): Promise<LiveAnnouncement[]> {
  const response = await fetch(`${origin}/api/announcements`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`GET /api/announcements answered ${String(response.status)}`);
  const { announcements } = publishedAnnouncementsSchema.parse(await response.json());
  return announcements.map((announcement) => ({
    ...announcement,
    startsAt: new Date(announcement.startsAt),
    endsAt: new Date(announcement.endsAt),
  }));
}
