const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** A content date (`YYYY-MM-DD`, articles and policies) as readers see it: "20 November 2026". */
export const formatContentDate = (isoDate: string) => dateFormat.format(new Date(isoDate));
