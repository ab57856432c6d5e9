import { Link, useParams } from 'react-router';
import { MarkdownContent } from '../components/markdown-content';
import { paths } from '../config/paths';
import { blogArticleByHash, type BlogArticle } from '../content/blog/articles';
import { formatContentDate } from '../utils/format';
import { useDocumentTitle } from '../hooks/use-document-title';
import { NotFoundPage } from './not-found';

function Article({ article }: { article: BlogArticle }) {
  useDocumentTitle(article.title);
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link to={paths.blog} className="link link-hover text-sm opacity-80">
        ← All articles
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold sm:text-4xl">{article.title}</h1>
        <p className="text-sm opacity-70">
          <time dateTime={article.publishedOn}>{formatContentDate(article.publishedOn)}</time>
        </p>
      </header>
      <img
        src={article.image.src}
        alt={article.image.alt}
        className="rounded-box aspect-[40/21] w-full object-cover"
      />
      <MarkdownContent markdown={article.markdown} />
    </article>
  );
}

/**
 * One article, by its hash (`/blog/{hash}`) or given directly (the named transfer-market guide).
 * An unknown hash shows the not-found page where it is: the server answered that address with 404.
 */
export function BlogArticlePage({ hash }: { hash?: string }) {
  const params = useParams();
  const article = blogArticleByHash(hash ?? params.hash);
  if (!article) return <NotFoundPage />;
  return <Article article={article} />;
}
