import type { MockReply } from './mockServer';

/** A list answer of the API: `{data, meta}` for the page asked (`?page=&per_page=`). */
export function listReply<T>(rows: readonly T[], query: Record<string, string> = {}, total?: number): MockReply {
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? 25);
  const start = total === undefined ? (page - 1) * perPage : 0;
  return {
    status: 200,
    body: { data: rows.slice(start, start + perPage), meta: { page, per_page: perPage, total: total ?? rows.length } },
  };
}

/** A promise with its resolve function, to hold an answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
