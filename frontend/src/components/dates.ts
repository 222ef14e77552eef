// Dates chosen by a person (a postponement date) are plain `YYYY-MM-DD` days, in the user's time zone.

/** The day of `now` as `YYYY-MM-DD`. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day after `now` as `YYYY-MM-DD`. */
export function tomorrow(now: Date = new Date()): string {
  const next = new Date(now);
  next.setDate(now.getDate() + 1);
  return today(next);
}
