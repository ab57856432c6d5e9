import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueAnswers, loadCatalogue } from '../../src/modules/payment/catalogue.js';
import { useTestApp } from '../helpers.js';

// A web build as `npm run build -w @tradedesk/web` lays it out: the app's shell (index.html) and
// the public site prerendered into prerendered/, naming the site by the build's placeholder.
const origin = '%TRADEDESK_SITE_ORIGIN%';
const page = (title: string, body: string, canonical: string) =>
  `<!doctype html><title>${title}</title><link rel="canonical" href="${origin}${canonical}" /><div id="root">${body}</div>`;
const files: Record<string, string> = {
  'index.html': '<!doctype html><title>Trade Desk</title><div id="root"></div>',
  'prerendered/index.html': page('Trade Desk', '<h1>Trade Desk</h1>', '/'),
  'prerendered/faq.html': page('FAQ · Trade Desk', '<button>What is Trade Desk?</button>', '/faq'),
  'prerendered/blog/e3b9c41f.html': page('Safe trading', '<h1>Safe trading habits</h1>', '/blog/e3b9c41f'),
  'prerendered/subscription.html': `<!doctype html><html><head><title>Subscription · Trade Desk</title>\n  </head><body><div id="root"><h1>Subscription</h1></div></body></html>`,
  'prerendered/not-found.html': page('Page not found · Trade Desk', '<h1>Page not found</h1>', '/not-found'),
  'prerendered/sitemap.xml': `<urlset><url><loc>${origin}/faq</loc></url></urlset>`,
  'prerendered/robots.txt': `User-agent: *\nSitemap: ${origin}/sitemap.xml\n`,
};

// /vps as the build draws it: with the bundled catalogue's plans (the app starts from them on the
// visitor's first intent), and again without them, loading them after the first paint.
const bundledPlans = catalogueAnswers(loadCatalogue())['/api/payment/plans'];
const drawnWith = `<script type="application/json" id="prerendered-queries">${JSON.stringify([
  { queryKey: ['payment', 'plans'], address: '/api/payment/plans', data: bundledPlans },
]).replace(/</g, '\\u003c')}</script>`;
files['prerendered/vps.html'] = page(
  'VPS plans · Trade Desk',
  `<h1>VPS plans</h1><p data-app-start="on-first-intent">VPS Basic €14.99</p>${drawnWith}`,
  '/vps',
);
files['prerendered-without-data/vps.html'] = page(
  'VPS plans · Trade Desk',
  '<h1>VPS plans</h1><p data-app-start="after-first-paint">Loading plans</p>',
  '/vps',
);

async function writeBuild(distDir: string) {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(distDir, name)), { recursive: true });
    await writeFile(path.join(distDir, name), text);
  }
}

describe('the prerendered public site', () => {
  const distDir = path.join(tmpdir(), `td-web-${randomBytes(6).toString('hex')}`);
  beforeAll(() => writeBuild(distDir));
  afterAll(() => rm(distDir, { recursive: true, force: true }));
  const t = useTestApp('pglite', { webDistDir: distDir });
  // As curl sends it: no Accept header naming HTML.
  const get = (url: string, host = 'desk.example:8443') =>
    t.app.inject({ method: 'GET', url, headers: { host, accept: '*/*' } });

  it('answers /faq with the FAQ’s questions in its HTML, named at the address it was asked on', async () => {
    const answer = await get('/faq');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('What is Trade Desk?');
    expect(answer.body).toContain('<link rel="canonical" href="http://desk.example:8443/faq" />');
    expect(answer.body).not.toContain(origin);
    expect((await get('/faq/')).body).toContain('What is Trade Desk?');
  });

  it('answers / with the prerendered home page and a known article with its page', async () => {
    expect((await get('/')).body).toContain('<h1>Trade Desk</h1>');
    const article = await get('/blog/e3b9c41f');
    expect(article.statusCode).toBe(200);
    expect(article.body).toContain('Safe trading habits');
  });

  it('answers an unknown article and an unknown page 404 with the not-found page (no soft 404)', async () => {
    for (const url of ['/blog/0000dead', '/no-such-page']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([url, answer.statusCode]).toEqual([url, 404]);
      expect(answer.body).toContain('<h1>Page not found</h1>');
    }
  });

  it('sends a page compressed to a browser that accepts it, with the site’s address filled in', async () => {
    const asked = (acceptEncoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/faq',
        headers: { host: 'desk.example', 'accept-encoding': acceptEncoding },
      });
    const brotli = await asked('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    const html = brotliDecompressSync(brotli.rawPayload).toString();
    expect(html).toContain('What is Trade Desk?');
    expect(html).toContain('href="http://desk.example/faq"');
    const gzip = await asked('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('gives the plans page Product/Offer data with the prices of the catalogue it runs with', async () => {
    const answer = await get('/subscription', 'desk.example');
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(answer.body)?.[1];
    const data = JSON.parse(json ?? 'null') as { '@graph': Record<string, unknown>[] };
    const snipeMonth = data['@graph'].find((product) => product.sku === 'snipe-month');
    expect(snipeMonth).toMatchObject({
      '@type': 'Product',
      name: 'Snipe — Trial month',
      offers: {
        '@type': 'Offer',
        price: '24.99',
        priceCurrency: 'EUR',
        url: 'http://desk.example/subscription',
      },
    });
    expect(data['@graph'].every((product) => product['@type'] === 'Product')).toBe(true);
    // Other pages carry only what the build gave them.
    expect((await get('/faq')).body).not.toContain('ld+json');
  });

  it('sends the plans page drawn with its prices while the server sells at those prices', async () => {
    const answer = await get('/vps');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('VPS Basic €14.99');
    expect(answer.body).toContain('id="prerendered-queries"');
    expect((await get('/prerendered-without-data/vps.html')).statusCode).toBe(404);
  });

  it('answers the plans and coin prices exactly as the prerendered pages were checked against', async () => {
    const answers = catalogueAnswers(loadCatalogue());
    for (const address of ['/api/payment/plans', '/api/payment/coins']) {
      const answer = await get(address);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ data: answers[address] });
    }
  });

  it('still answers the desk pages with the app, which draws them', async () => {
    for (const url of ['/snipe', '/transfer', '/sbc', '/players']) {
      const answer = await get(url);
      expect([url, answer.statusCode]).toEqual([url, 200]);
      expect(answer.body).toContain('<div id="root"></div>');
    }
  });

  it('names the address it was asked on in sitemap.xml and robots.txt, never 127.0.0.1:8080', async () => {
    const sitemap = await get('/sitemap.xml', 'tradedesk.example');
    expect(sitemap.headers['content-type']).toBe('application/xml');
    expect(sitemap.body).toBe('<urlset><url><loc>http://tradedesk.example/faq</loc></url></urlset>');
    const robots = await get('/robots.txt', 'tradedesk.example');
    expect(robots.body).toContain('Sitemap: http://tradedesk.example/sitemap.xml');
  });

  it('never serves the prerendered folder as files, and puts no odd Host header into a page', async () => {
    expect((await get('/prerendered/faq.html')).statusCode).toBe(404);
    const answer = await get('/faq', 'evil.example"><script>alert(1)</script>');
    expect(answer.body).not.toContain('<script>alert(1)');
    expect(answer.body).toContain('href="http://localhost/faq"');
  });
});

describe('the prerendered public site behind PUBLIC_URL', () => {
  const distDir = path.join(tmpdir(), `td-web-${randomBytes(6).toString('hex')}`);
  beforeAll(() => writeBuild(distDir));
  afterAll(() => rm(distDir, { recursive: true, force: true }));
  const t = useTestApp('pglite', {
    webDistDir: distDir,
    payments: { publicUrl: 'https://desk.example.com' },
  });

  it('names PUBLIC_URL in the pages and the sitemap, whatever address the request came to', async () => {
    const faq = await t.app.inject({ method: 'GET', url: '/faq', headers: { host: '127.0.0.1:8080' } });
    expect(faq.body).toContain('<link rel="canonical" href="https://desk.example.com/faq" />');
    const sitemap = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: '127.0.0.1:8080' },
    });
    expect(sitemap.body).toContain('<loc>https://desk.example.com/faq</loc>');
  });
});

describe('the prerendered plans pages of a server with its own catalogue', () => {
  const distDir = path.join(tmpdir(), `td-web-${randomBytes(6).toString('hex')}`);
  const catalogueFile = path.join(distDir, 'catalogue.json');
  beforeAll(async () => {
    await writeBuild(distDir);
    // The operator's prices: the bundled catalogue with the first product 1 cent dearer.
    const catalogue = loadCatalogue();
    const [first, ...rest] = catalogue.products;
    const dearer = { ...first!, price: { ...first!.price, value: first!.price.value + 1 } };
    await writeFile(catalogueFile, JSON.stringify({ ...catalogue, products: [dearer, ...rest] }));
  });
  afterAll(() => rm(distDir, { recursive: true, force: true }));
  const t = useTestApp('pglite', { webDistDir: distDir, payments: { catalogueFile } });

  it('sends the page drawn without prices, which loads them itself: the build’s would be wrong', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/vps', headers: { accept: '*/*' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Loading plans');
    expect(answer.body).not.toContain('VPS Basic €14.99');
    expect(answer.body).not.toContain('prerendered-queries');
  });
});
