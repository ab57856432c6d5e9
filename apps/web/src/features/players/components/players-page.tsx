import { useState, type FormEvent } from 'react';
import { errorMessages } from '@tradedesk/domain';
import { errorMessage, notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePlayersPage, type PlayersPage } from '../api/get-players-page';
import { activeFilterCount } from '../state/players-query';
import { usePlayersQuery } from '../state/use-players-query';
import { PlayerCard } from './player-card';
import { PlayersFilterModal } from './players-filter-modal';

/** /players: the public player price database (spec 001 §2). */
export function PlayersPage() {
  useDocumentTitle('Players');
  const { query, update, reset } = usePlayersQuery();
  const players = usePlayersPage(query);
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [isRefreshing, setRefreshing] = useState(false);
  const [typedName, setTypedName] = useState(query.name);
  const [shownName, setShownName] = useState(query.name);
  // The address changed (back button, reset): the search box follows it.
  if (shownName !== query.name) {
    setShownName(query.name);
    setTypedName(query.name);
  }

  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ name: typedName.trim() });
  };
  // Refresh asks the price database again and says what changed on this page.
  const refreshPrices = async () => {
    const before = players.data;
    setRefreshing(true);
    const result = await players.refetch();
    setRefreshing(false);
    if (result.isError || !result.data) notify.error(errorMessages.failedToFetchMarketPrices);
    else notify.success(refreshSummary(before, result.data));
  };
  const filters = activeFilterCount(query);
  const hasSearchOrFilters = filters > 0 || query.name !== '' || query.page > 1;
  const list = players.data?.players ?? [];

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-3xl font-bold">Players</h1>
      <div className="flex flex-col gap-2 md:flex-row md:items-center">
        <form role="search" className="join w-full md:max-w-md" onSubmit={search}>
          <input
            className="input join-item w-full"
            type="search"
            aria-label="Search players by name"
            placeholder="Search by name"
            value={typedName}
            onChange={(event) => setTypedName(event.target.value)}
          />
          <button type="submit" className="btn btn-primary join-item">
            Search
          </button>
        </form>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn" onClick={() => setFilterOpen(true)}>
            Filters{filters > 0 ? ` (${filters})` : ''}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => void refreshPrices()}
            disabled={players.isFetching}
            aria-busy={isRefreshing}
          >
            {isRefreshing && <span className="loading loading-spinner loading-xs" aria-hidden />}
            {isRefreshing ? 'Refreshing prices…' : 'Refresh prices'}
          </button>
          <button type="button" className="btn btn-ghost" onClick={reset} disabled={!hasSearchOrFilters}>
            Clear search and filters
          </button>
        </div>
      </div>

      {players.isError && (
        <div role="alert" className="alert alert-error">
          {errorMessage(players.error)}
        </div>
      )}
      {players.isPending && (
        // A screen tall: a page of players is taller, so the pages nav below stays out of view
        // instead of jumping down when they arrive.
        <p role="status" className="flex min-h-svh items-start justify-center gap-2 py-8 opacity-70">
          <span className="loading loading-spinner" aria-hidden />
          Loading players…
        </p>
      )}
      {players.isSuccess && list.length === 0 && (
        <div className="py-8 text-center opacity-70">
          <p className="font-semibold">No players found</p>
          {hasSearchOrFilters && <p>Try another name, or clear the search and filters.</p>}
        </div>
      )}
      <ul
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Players"
        aria-busy={players.isFetching}
      >
        {list.map((player) => (
          <li key={player.id}>
            <PlayerCard player={player} />
          </li>
        ))}
      </ul>

      <nav className="flex items-center justify-center gap-3" aria-label="Pages">
        <button
          type="button"
          className="btn btn-sm"
          disabled={query.page <= 1}
          onClick={() => update({ ...query, page: query.page - 1 })}
        >
          Previous
        </button>
        <span>Page {query.page}</span>
        <button
          type="button"
          className="btn btn-sm"
          disabled={!players.data?.hasNextPage}
          onClick={() => update({ ...query, page: query.page + 1 })}
        >
          Next
        </button>
      </nav>

      {isFilterOpen && (
        <PlayersFilterModal
          isOpen
          initial={query}
          onClose={() => setFilterOpen(false)}
          onApply={(chosen) => {
            setFilterOpen(false);
            update(chosen);
          }}
        />
      )}
    </section>
  );
}

/** What a refresh found: how many of the page's players have a new PC or PS price. */
export function refreshSummary(before: PlayersPage | undefined, after: PlayersPage): string {
  const shown = after.players.length;
  const previous = new Map((before?.players ?? []).map((player) => [player.id, player]));
  const changed = after.players.filter((player) => {
    const old = previous.get(player.id);
    return (
      old !== undefined && (old.pc.current !== player.pc.current || old.ps.current !== player.ps.current)
    );
  }).length;
  const players = `${shown} player${shown === 1 ? '' : 's'}`;
  return changed === 0
    ? `Prices are up to date (${players} checked)`
    : `Prices refreshed: ${changed} of ${players} changed`;
}
