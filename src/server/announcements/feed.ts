import * as z from 'zod/mini';
import {
  announcementLevels,
  announcementPlacements,
  type LiveAnnouncement,
} from '../../domain/announcements.ts';

/** How long a process serves its copy of the published announcements before it reads them again. */
export const ANNOUNCEMENT_FEED_SECONDS = 3;

/**
 * The published announcements as a process serves them: read at most once per ANNOUNCEMENT_FEED_SECONDS, so pages
 * cost no query each, and at once after this process published or withdrew one (`announcementsChanged`). Another
 * process (a second replica) sees the change at its next read, within those seconds. A failed read keeps the last
 * list (a database away for a moment must not take the notice of a port closure off every page) and tries again at
 * the next request.
 */
export class AnnouncementFeed {
  #list: LiveAnnouncement[] = [];
  #readAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<LiveAnnouncement[]> | undefined;
  #seenChange = changeCount();
  #readingChange = changeCount();

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

  /** The list, read again when it is older than the feed's seconds or changed in this process. */
  async current(): Promise<LiveAnnouncement[]> {
    const changed = changeCount() !== this.#seenChange;
    if (!changed && this.#clock() - this.#readAt < this.#seconds * 1000) return this.#list;
    // A read that began before the latest change may answer the list without it: read again after it.
    if (this.#reading && this.#readingChange !== changeCount())
      this.#reading = this.#reading.then(() => this.#refresh());
    this.#reading ??= this.#refresh();
    return this.#reading;
  }

  async #refresh(): Promise<LiveAnnouncement[]> {
    const change = changeCount();
    this.#readingChange = change;
    try {
      this.#list = await this.#read();
      this.#readAt = this.#clock();
      this.#seenChange = change;
    } catch (error) {
      // Tried again after the feed's seconds, not at every request: an outage is not a flood of reads and logs.
      this.#readAt = this.#clock();
      console.error('announcements: could not read the published list; serving the last one', error);
    } finally {
      this.#reading = undefined;
    }
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

const answerSchema = z.object({
  announcements: z.array(
    z.object({
      id: z.string(),
      version: z.number(),
      placement: z.enum(announcementPlacements),
      routeId: z.nullable(z.string()),
      level: z.enum(announcementLevels),
      startsAt: z.string(),
      endsAt: z.string(),
      html: z.object({ en: z.string(), id: z.string() }),
    }),
  ),
});

/**
 * Reads the published announcements from the API (`GET /api/announcements`) of the server at `origin`: how the
 * server's entry (main.ts), which holds no database of its own, learns them.
 */
export async function readAnnouncementsFrom(origin: string): Promise<LiveAnnouncement[]> {
  const response = await fetch(`${origin}/api/announcements`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`GET /api/announcements answered ${String(response.status)}`);
  const { announcements } = answerSchema.parse(await response.json());
  return announcements.map((announcement) => ({
    ...announcement,
    startsAt: new Date(announcement.startsAt),
    endsAt: new Date(announcement.endsAt),
  }));
}
