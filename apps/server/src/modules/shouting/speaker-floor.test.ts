import { afterAll, describe, expect, it } from 'vitest';
import { memoryRoomBus, redisRoomBus, type RoomBus } from '../../platform/room-bus.ts';
import { FLOOR_TTL_MS, SpeakerFloor } from './speaker-floor.ts';

const ann = { id: 'a', name: 'Ann' };
const bob = { id: 'b', name: 'Bob' };

function behavesAsAFloor(make: () => { floor: SpeakerFloor; other: SpeakerFloor }, prefix: string) {
  it('gives a free room to the first speaker and refuses a second until the first releases', async () => {
    const { floor, other } = make();
    const r1 = `${prefix}:1`;
    const r2 = `${prefix}:2`;
    expect(await floor.take(r1, ann)).toBe(true);
    // The second speaker may be on another node.
    expect(await other.take(r1, bob)).toBe(false);
    expect((await other.holder(r1))?.name).toBe('Ann');
    // Renewing by the holder works; another room is independent.
    expect(await floor.take(r1, ann)).toBe(true);
    expect(await other.take(r2, bob)).toBe(true);
    await floor.release(r1, ann);
    expect(await floor.holder(r1)).toBeUndefined();
    expect(await other.take(r1, bob)).toBe(true);
    await other.release(r1, bob);
    await other.release(r2, bob);
  });

  it('lets only the holder release the room', async () => {
    const { floor, other } = make();
    const r = `${prefix}:3`;
    await floor.take(r, ann);
    await other.release(r, bob);
    expect((await floor.holder(r))?.id).toBe('a');
    await floor.release(r, ann);
    expect(await floor.holder(r)).toBeUndefined();
  });
}

describe('one speaker per room, in one process', () => {
  let now = 1_000_000;
  const bus = memoryRoomBus(() => now);
  behavesAsAFloor(() => ({ floor: new SpeakerFloor(bus), other: new SpeakerFloor(bus) }), 'm');

  it('lapses when the holder stops renewing (a node that died)', async () => {
    const floor = new SpeakerFloor(bus);
    expect(await floor.take('m:9', ann)).toBe(true);
    now += FLOOR_TTL_MS - 1;
    expect(await floor.take('m:9', bob)).toBe(false);
    now += 1;
    expect(await floor.take('m:9', bob)).toBe(true);
  });
});

describe.runIf(process.env.REDIS_URL)('one speaker per room, across nodes through Redis', () => {
  const buses: RoomBus[] = [redisRoomBus(process.env.REDIS_URL!), redisRoomBus(process.env.REDIS_URL!)];
  afterAll(async () => {
    for (const b of buses) await b.close();
  });
  const prefix = `t${process.pid}-${Date.now()}`;
  behavesAsAFloor(() => ({ floor: new SpeakerFloor(buses[0]!), other: new SpeakerFloor(buses[1]!) }), prefix);

  it('gives the room to exactly one of many speakers asking at once', async () => {
    const room = `${prefix}:race`;
    const floors = [new SpeakerFloor(buses[0]!), new SpeakerFloor(buses[1]!)];
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => floors[i % 2]!.take(room, { id: `s${i}`, name: `S${i}` })));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    await floors[0]!.release(room, { id: `s${winner}`, name: `S${winner}` });
  });
});
