import { blogPostPath, paths } from '../../config/paths';
import howSnipingWorks from './how-sniping-works.md?raw';
import unlockTransferMarket from './how-to-unlock-transfer-market.md?raw';
import safeTradingHabits from './safe-trading-habits.md?raw';

// Covers are plain files of the build (public/images/blog/), not inlined data: addresses.
const cover = (name: string) => `/images/blog/${name}.svg`;

/** A blog article: where it lives, what its card shows, and its Markdown text. */
export type BlogArticle = {
  /** The key in /blog/{hash}; the transfer-market guide has its own named route instead. */
  hash: string;
  path: string;
  title: string;
  description: string;
  image: { src: string; alt: string };
  publishedOn: string;
  markdown: string;
};

/** Every published article, newest first (the blog page shows them in this order). */
export const blogArticles: readonly BlogArticle[] = [
  {
    hash: 'how-to-unlock-transfer-market',
    path: paths.blogUnlockTransferMarket,
    title: 'How to unlock the transfer market',
    description:
      'Why new clubs start with a locked market, the steps that open it, and what to do when it locks again.',
    image: { src: cover('unlock-transfer-market'), alt: 'A padlock opening over a transfer market list' },
    publishedOn: '2026-11-20',
    markdown: unlockTransferMarket,
  },
  {
    hash: 'e3b9c41f',
    path: blogPostPath('e3b9c41f'),
    title: 'Safe trading habits that keep accounts trading',
    description:
      'Pacing, breaks, thresholds, headful or headless, and the warning signs to act on before a ban.',
    image: {
      src: cover('safe-trading-habits'),
      alt: 'A shield with a check mark beside a slow, steady chart',
    },
    publishedOn: '2026-11-12',
    markdown: safeTradingHabits,
  },
  {
    hash: '7a5d2c08',
    path: blogPostPath('7a5d2c08'),
    title: 'How sniping works',
    description:
      'What happens on every search, how the 5% tax decides your profit, and what the 59th-minute filter does.',
    image: {
      src: cover('how-sniping-works'),
      alt: 'A crosshair over a player card with a low Buy Now price',
    },
    publishedOn: '2026-11-05',
    markdown: howSnipingWorks,
  },
];

/** The article at /blog/{hash}, if there is one. */
export const blogArticleByHash = (hash: string | undefined) =>
  blogArticles.find((article) => article.hash === hash);
