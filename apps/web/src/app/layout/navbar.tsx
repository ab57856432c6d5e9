import { Link, NavLink as RouterNavLink } from 'react-router';
import { LogoMark, MenuIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import type { Tier } from '@tradedesk/domain';
// Straight from its file: the accounts barrel would pull the account forms into the entry chunk.
import { ImportAccountsButton } from '../../common/accounts/components/import-accounts-button';
import { NotificationsDropdown } from '../../features/notifications';
import { navLinksFor } from './nav-links';
import { ThemeToggle } from './theme-toggle';

type NavbarProps = {
  isSignedIn: boolean;
  tier: Tier | undefined;
  /** The signed-in user holds the Admin role (the menu then links the admin page). */
  isAdmin: boolean;
  isOnLoginPage: boolean;
  onSignOut: () => void;
};

export function Navbar({ isSignedIn, tier, isAdmin, isOnLoginPage, onSignOut }: NavbarProps) {
  const links = navLinksFor({ isSignedIn, tier, isAdmin });
  return (
    <header className="navbar bg-base-100 border-base-300 sticky top-0 z-40 gap-1 border-b px-2 sm:px-4">
      <div className="navbar-start gap-1">
        {/* The menu is open while focus is inside it (a CSS dropdown): Escape takes the focus out. */}
        <nav
          className="dropdown dropdown-hover"
          aria-label="Main"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && event.target instanceof HTMLElement) event.target.blur();
          }}
        >
          <div tabIndex={0} role="button" className="btn btn-ghost btn-circle" aria-label="Menu">
            <MenuIcon />
          </div>
          <ul tabIndex={0} className="menu dropdown-content bg-base-100 rounded-box z-50 w-48 p-2 shadow-lg">
            {links.map((link) => (
              <li key={link.to}>
                <RouterNavLink to={link.to} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
                  {link.label}
                </RouterNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link
          to={paths.home}
          className="btn btn-ghost gap-2 px-2 text-lg font-bold"
          aria-label="Trade Desk home"
        >
          <LogoMark />
          <span className="hidden sm:inline">Trade Desk</span>
        </Link>
      </div>
      <div className="navbar-end gap-1">
        {isSignedIn && <ImportAccountsButton />}
        {isSignedIn && <NotificationsDropdown />}
        <ThemeToggle />
        {!isOnLoginPage &&
          (isSignedIn ? (
            <button type="button" className="btn btn-outline btn-sm" onClick={onSignOut}>
              Logout
            </button>
          ) : (
            <Link to={paths.login} className="btn btn-primary btn-sm">
              Login
            </Link>
          ))}
      </div>
    </header>
  );
}
