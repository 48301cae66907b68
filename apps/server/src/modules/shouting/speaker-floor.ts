/**
 * One speaker per room at a time (spec section 8: "a remote call is already in progress"), on every
 * server node: the floor of a room is a lease in the room bus (platform/room-bus.ts; Redis when
 * REDIS_URL is set), taken atomically, so of two speakers asking at once — on one node or two —
 * exactly one gets it. The holder renews it while speaking; a node that dies loses it after the TTL.
 */
import type { RoomBus } from '../../platform/room-bus.ts';

export type FloorHolder = { id: string; name: string };

/** A held floor lapses this long after its last renewal. */
export const FLOOR_TTL_MS = 15_000;
/** A speaker renews the floor this often. */
export const FLOOR_RENEW_MS = 5_000;

const floorKey = (room: string) => `shout:floor:${room}`;
const encode = (h: FloorHolder) => JSON.stringify([h.id, h.name]);
function decode(raw: string | null): FloorHolder | undefined {
  if (!raw) return undefined;
  try {
    const [id, name] = JSON.parse(raw) as [unknown, unknown];
    return typeof id === 'string' && typeof name === 'string' ? { id, name } : undefined;
  } catch {
    return undefined;
  }
}

export class SpeakerFloor {
  constructor(private readonly bus: RoomBus) {}

  /** Takes (or renews) the room's floor for `holder`; false when someone else holds it. */
  take(room: string, holder: FloorHolder): Promise<boolean> {
    return this.bus.take(floorKey(room), encode(holder), FLOOR_TTL_MS);
  }

  /** Gives the floor back; only its holder can. */
  release(room: string, holder: FloorHolder): Promise<void> {
    return this.bus.release(floorKey(room), encode(holder));
  }

  async holder(room: string): Promise<FloorHolder | undefined> {
    return decode(await this.bus.holder(floorKey(room)));
  }
}
