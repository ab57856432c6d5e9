import { blogArticles } from '../content/blog/articles';
import { formatContentDate } from '../utils/format';
import { useDocumentTitle } from '../hooks/use-document-title';

/** The blog: one card per article; a card opens its article in a new tab (spec §2). */
export function BlogPage() {
  useDocumentTitle('Blog');
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">Blog</h1>
        <p className="mt-1 opacity-80">Guides to trading on the transfer market, safely.</p>
      </header>
      <ul aria-label="Articles" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {blogArticles.map((article) => (
          <li key={article.hash}>
            <a
              href={article.path}
              target="_blank"
              rel="noopener"
              className="card bg-base-100 border-base-300 h-full overflow-hidden border transition-shadow hover:shadow-lg"
            >
              <figure className="bg-base-200 aspect-[40/21]">
                <img src={article.image.src} alt={article.image.alt} className="h-full w-full object-cover" />
              </figure>
              <div className="card-body gap-2">
                <h2 className="card-title">{article.title}</h2>
                <p className="text-sm opacity-80">{article.description}</p>
                <p className="text-xs opacity-60">
                  <time dateTime={article.publishedOn}>{formatContentDate(article.publishedOn)}</time>
                </p>
              </div>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
