import { afterAll, describe, expect, it } from 'vitest';
import { memoryRoomBus, redisRoomBus, type RoomBus } from './room-bus.ts';

const until = async (cond: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
};

function behavesAsARoomBus(make: () => [RoomBus, RoomBus], prefix: string) {
  it('counts members of a key on every node, and forgets those that leave', async () => {
    const [a, b] = make();
    const key = `${prefix}:presence`;
    await a.join(key, 'n1:t1', 60_000);
    await b.join(key, 'n2:t1', 60_000);
    await b.join(key, 'n2:t1', 60_000); // a refresh is no second member
    expect(await a.count(key)).toBe(2);
    await b.leave(key, 'n2:t1');
    expect(await a.count(key)).toBe(1);
    await a.leave(key, 'n1:t1');
    expect(await b.count(key)).toBe(0);
  });

  it('relays binary messages, in order, to every subscriber of the channel and no other', async () => {
    const [a, b] = make();
    const heard: Buffer[] = [];
    const elsewhere: Buffer[] = [];
    const stop = await b.subscribe(`${prefix}:room1`, (d) => heard.push(d));
    const stopOther = await b.subscribe(`${prefix}:room2`, (d) => elsewhere.push(d));
    const sent = Array.from({ length: 20 }, (_, i) => Buffer.from([0, i, 255, 128]));
    for (const d of sent) await a.publish(`${prefix}:room1`, d);
    await until(() => heard.length >= sent.length);
    expect(heard).toEqual(sent);
    expect(elsewhere).toEqual([]);
    stop();
    stopOther();
    await a.publish(`${prefix}:room1`, Buffer.from([1]));
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toHaveLength(sent.length);
  });
}

describe('the room bus in one process', () => {
  let now = 5_000;
  const bus = memoryRoomBus(() => now);
  behavesAsARoomBus(() => [bus, bus], 'm');

  it('lets members and leases lapse after their time', async () => {
    await bus.join('m:lapse', 'x', 1000);
    expect(await bus.take('m:lease', 'h1', 1000)).toBe(true);
    now += 1000;
    expect(await bus.count('m:lapse')).toBe(0);
    expect(await bus.holder('m:lease')).toBeNull();
  });
});

describe.runIf(process.env.REDIS_URL)('the room bus across nodes through Redis', () => {
  const buses = [redisRoomBus(process.env.REDIS_URL!), redisRoomBus(process.env.REDIS_URL!)];
  afterAll(async () => {
    for (const b of buses) await b.close();
  });
  const prefix = `t${process.pid}-${Date.now()}`;
  behavesAsARoomBus(() => [buses[0]!, buses[1]!], prefix);

  it('lets a lease lapse when its holder stops renewing', async () => {
    expect(await buses[0]!.take(`${prefix}:lease`, 'h1', 100)).toBe(true);
    expect(await buses[1]!.take(`${prefix}:lease`, 'h2', 100)).toBe(false);
    await new Promise((r) => setTimeout(r, 150));
    expect(await buses[1]!.take(`${prefix}:lease`, 'h2', 1000)).toBe(true);
    await buses[1]!.release(`${prefix}:lease`, 'h2');
  });
});
