import { Link } from 'react-router';
import { env } from '../../config/env';
import { paths } from '../../config/paths';

const legalLinks = [
  { label: 'Terms of Use', to: paths.termsOfUse },
  { label: 'Privacy Policy', to: paths.privacyPolicy },
  { label: 'Cookie Policy', to: paths.cookiePolicy },
  { label: 'Refund Policy', to: paths.refundPolicy },
  { label: 'Affiliate Program', to: paths.affiliateProgramPolicy },
];

const siteLinks = [
  { label: 'FAQ', to: paths.faq },
  { label: 'Blog', to: paths.blog },
  { label: 'Account plans', to: paths.accounts },
  { label: 'VPS plans', to: paths.vps },
];

const socialLinks = [
  { label: 'Discord', href: env.communityUrl },
  { label: 'X', href: env.xUrl },
  { label: 'YouTube', href: env.youtubeUrl },
];

/** A titled group of in-site links. */
function FooterLinks({ label, links }: { label: string; links: { label: string; to: string }[] }) {
  return (
    <nav aria-label={label}>
      <h2 className="footer-title">{label}</h2>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className="link link-hover">
            {link.label}
          </Link>
        ))}
      </div>
    </nav>
  );
}

export function Footer() {
  return (
    <footer className="footer sm:footer-horizontal bg-base-200 text-base-content border-base-300 border-t p-6">
      <FooterLinks label="Legal" links={legalLinks} />
      <FooterLinks label="Help" links={siteLinks} />
      <nav aria-label="Social">
        <h2 className="footer-title">Community</h2>
        <div className="flex gap-4">
          {socialLinks.map((link) => (
            <a key={link.label} href={link.href} className="link link-hover" target="_blank" rel="noreferrer">
              {link.label}
            </a>
          ))}
        </div>
      </nav>
      <p className="text-sm opacity-70">© {new Date().getFullYear()} Trade Desk</p>
    </footer>
  );
}
