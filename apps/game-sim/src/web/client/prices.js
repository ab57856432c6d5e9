// The game's price ladder for the page's price inputs. The bands, floor and ceiling come from the
// shell's config (the domain's PRICE_BANDS), so only the stepping lives here.

let ladder = { bands: [], min: 150, max: 15_000_000 };
export function configurePrices(value) {
  ladder = value;
}

function stepAt(price, goingDown) {
  const band = ladder.bands.find((candidate) =>
    goingDown ? price <= (candidate.below ?? Infinity) : price < (candidate.below ?? Infinity),
  );
  return band?.step ?? 1000;
}

/** The next ladder price above `price`; an empty (0) input starts at the floor. */
export function nextPrice(price) {
  if (price < ladder.min) return ladder.min;
  if (price >= ladder.max) return ladder.max;
  const step = stepAt(price, false);
  return Math.min(ladder.max, Math.floor(price / step) * step + step);
}

/** The ladder price below `price`; below the floor the input empties (0 = no limit). */
export function previousPrice(price) {
  if (price <= ladder.min) return 0;
  if (price > ladder.max) return ladder.max;
  const step = stepAt(price, true);
  return Math.max(ladder.min, Math.ceil(price / step) * step - step);
}

/** A typed price snapped to the ladder (0 stays 0 = no limit). */
export function snapPrice(price) {
  if (!Number.isFinite(price) || price <= 0) return 0;
  if (price <= ladder.min) return ladder.min;
  if (price >= ladder.max) return ladder.max;
  const step = stepAt(price, false);
  return Math.max(ladder.min, Math.round(price / step) * step);
}
