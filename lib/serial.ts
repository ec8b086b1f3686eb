/**
 * One change at a time: the works handed to a queue run one after another, in the order given,
 * so two read-modify-writes of the same stored state never interleave. A work that fails does
 * not stop the next; its caller gets the failure.
 */
export type SerialQueue = <T>(work: () => Promise<T>) => Promise<T>;

export function serialQueue(): SerialQueue {
  let queue: Promise<unknown> = Promise.resolve();
  return (work) => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
}
