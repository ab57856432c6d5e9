/**
 * A wide table that becomes a stack of cards below 768 px: each row a block, each cell on its own
 * line after its column's title (the cell's `data-label`), so a phone shows every column without
 * scrolling sideways. A cell without `data-label` (a row's buttons) shows just its content.
 */
export const stackedTable = {
  /** On the `thead`: the titles move into the cells. */
  head: 'max-md:hidden',
  /** On the `tbody`. */
  body: 'max-md:[&_td]:block max-md:[&_td]:border-0 max-md:[&_td]:py-1 max-md:[&_td[data-label]]:before:mr-2 max-md:[&_td[data-label]]:before:font-semibold max-md:[&_td[data-label]]:before:content-[attr(data-label)] max-md:[&_tr]:border-base-300 max-md:[&_tr]:block max-md:[&_tr]:border-b max-md:[&_tr]:py-2',
} as const;
