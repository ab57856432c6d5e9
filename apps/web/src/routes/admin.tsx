import { AdminPage } from '../features/admin';
import { useUser } from '../features/auth';

/** /admin: the signed-in user's roles decide; the server checks every call again. */
export function AdminRoute() {
  const user = useUser();
  if (!user.data) return <span className="loading loading-spinner" role="status" aria-label="Loading" />;
  return <AdminPage roles={user.data.roles} />;
}
