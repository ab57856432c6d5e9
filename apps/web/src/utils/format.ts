/** Dates as the pages show them; numbers and coins come from the domain's `format` module. */

const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const contentDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** A stored timestamp in the reader's own locale ("1 Jan 2026", "Jan 1, 2026"); "—" when there is none. */
export const formatDate = (value: string | null | undefined) =>
  value ? mediumDate.format(new Date(value)) : '—';

/** A content date (`YYYY-MM-DD`, articles and policies) as readers see it: "20 November 2026". */
export const formatContentDate = (isoDate: string) => contentDate.format(new Date(isoDate));
