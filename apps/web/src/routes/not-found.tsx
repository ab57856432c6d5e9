import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useDocumentTitle } from '../hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-primary text-6xl font-bold">404</p>
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="opacity-70">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
