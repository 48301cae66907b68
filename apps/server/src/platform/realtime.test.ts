import { describe, expect, it } from 'vitest';
import type { TRealtimeMessage } from '@hxk/contracts';
import { memoryHub, redisHub, type RealtimeHub } from './realtime.ts';

const hello = (unread: number): TRealtimeMessage => ({ type: 'hello', unread });

/** Resolves with what a listener received once it holds `n` messages (or what it has after the timeout). */
function collector(n: number, timeoutMs = 2000) {
  const got: TRealtimeMessage[] = [];
  let done: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    done = resolve;
    setTimeout(resolve, timeoutMs);
  });
  return {
    got,
    listener: (m: TRealtimeMessage) => {
      got.push(m);
      if (got.length >= n) done();
    },
    ready,
  };
}

async function behavesAsAHub(publisher: RealtimeHub, subscriber: RealtimeHub) {
  const mine = collector(2);
  const sameSchoolOther = collector(1, 300);
  const otherSchoolSame = collector(1, 300);
  const stopMine = await subscriber.subscribe('1', '10', mine.listener);
  const stopOther = await subscriber.subscribe('1', '11', sameSchoolOther.listener);
  const stopForeign = await subscriber.subscribe('2', '10', otherSchoolSame.listener);
  // A second socket of the same person gets the same messages.
  const secondTab = collector(2);
  const stopSecond = await subscriber.subscribe('1', '10', secondTab.listener);

  await publisher.publish('1', '10', hello(1));
  await publisher.publish('1', '10', hello(2));
  await Promise.all([mine.ready, secondTab.ready, sameSchoolOther.ready, otherSchoolSame.ready]);
  expect(mine.got).toEqual([hello(1), hello(2)]);
  expect(secondTab.got).toEqual([hello(1), hello(2)]);
  // Channels are per school and person: the same account id in another school hears nothing.
  expect(sameSchoolOther.got).toEqual([]);
  expect(otherSchoolSame.got).toEqual([]);

  // Ending one subscription leaves the person's other socket subscribed.
  stopMine();
  const after = collector(1);
  const stopAfter = await subscriber.subscribe('1', '11', after.listener);
  await publisher.publish('1', '10', hello(3));
  await publisher.publish('1', '11', hello(4));
  await after.ready;
  await new Promise((r) => setTimeout(r, 50));
  expect(mine.got).toHaveLength(2);
  expect(secondTab.got.at(-1)).toEqual(hello(3));
  expect(after.got).toEqual([hello(4)]);
  for (const stop of [stopOther, stopForeign, stopSecond, stopAfter]) stop();

  // A school's channel reaches every person connected in that school, and nobody in another.
  const members = [collector(1), collector(1)];
  const elsewhere = collector(1, 300);
  const stops = [
    await subscriber.subscribe('1', '10', members[0]!.listener),
    await subscriber.subscribe('1', '11', members[1]!.listener),
    await subscriber.subscribe('2', '10', elsewhere.listener),
  ];
  await publisher.publishToSchool('1', hello(5));
  await Promise.all([...members.map((c) => c.ready), elsewhere.ready]);
  expect(members.map((c) => c.got)).toEqual([[hello(5)], [hello(5)]]);
  expect(elsewhere.got).toEqual([]);
  for (const stop of stops) stop();
}

describe('realtime hub', () => {
  it('in process: delivers to the person\'s subscriptions in their school only, until unsubscribed, and to a whole school', async () => {
    const hub = memoryHub();
    await behavesAsAHub(hub, hub);
    const late = collector(1, 100);
    const stop = await hub.subscribe('1', '10', late.listener);
    stop();
    await hub.publish('1', '10', hello(9));
    await late.ready;
    expect(late.got).toEqual([]);
    await hub.close();
  });

  // Two processes on one Redis: a message published on one node reaches sockets held by the other.
  it.skipIf(!process.env.REDIS_URL)('over Redis: a message published by one hub reaches the subscribers of another', async () => {
    const a = redisHub(process.env.REDIS_URL!);
    const b = redisHub(process.env.REDIS_URL!);
    try {
      await behavesAsAHub(a, b);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
