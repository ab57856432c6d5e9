import type { ReactNode } from 'react';
import { CommunityLink, RefundPolicyLink } from '../components/site-links';

/** One question and its answer (short paragraphs, may hold links). */
export type FaqItem = { question: string; answer: ReactNode };

/** A titled group of questions; /faq shows them all, other pages pick the sections they need. */
export type FaqSection = { id: FaqSectionId; title: string; items: readonly FaqItem[] };

export type FaqSectionId = 'general' | 'usage' | 'safety' | 'technical' | 'billing' | 'support';

const general: FaqSection = {
  id: 'general',
  title: 'General',
  items: [
    {
      question: 'What is Trade Desk?',
      answer: (
        <p>
          Trade Desk is a toolkit for Ultimate Team traders. It signs in to your own game accounts and
          automates the transfer market for you: it snipes underpriced players and relists them, moves coins
          between two of your own accounts, solves squad-building challenges and buys the players a solution
          needs. A player price database for PC and console is included.
        </p>
      ),
    },
    {
      question: 'Which platforms are supported?',
      answer: (
        <p>
          PC and console accounts. Each account is added with its platform, because prices and the market
          differ between PC and console.
        </p>
      ),
    },
    {
      question: 'Why do I need to join the community server?',
      answer: (
        <p>
          The tools are only available to users who have linked their community identity: it is how we verify
          users, announce updates and answer support tickets. Join the <CommunityLink /> and link your account
          under General Configuration.
        </p>
      ),
    },
    {
      question: 'Are you affiliated with the game publisher?',
      answer: (
        <p>
          No. Trade Desk is an independent tool and is not endorsed by, affiliated with or supported by the
          publisher of the game. All game names and trademarks belong to their owners.
        </p>
      ),
    },
  ],
};

const usage: FaqSection = {
  id: 'usage',
  title: 'Usage',
  items: [
    {
      question: 'What are headful and headless modes?',
      answer: (
        <>
          <p>
            Both modes are supported. Headful runs a visible browser with the game&apos;s web app, so you can
            watch every search and purchase. Headless runs in the background without a browser window: it is
            faster and uses fewer resources.
          </p>
          <p>Headless sniping is faster but carries a higher risk of a ban than headful sniping.</p>
        </>
      ),
    },
    {
      question: 'How many accounts can I run at once?',
      answer: (
        <p>
          One account at a time by default. Each extra snipe licence lets one more account run at the same
          time.
        </p>
      ),
    },
    {
      question: 'What does a coin transfer cost?',
      answer: (
        <p>
          A transfer between your own accounts costs 1 credit when it succeeds and nothing when it fails. You
          need more than zero credits to start one. Credits come with plans and credit packages.
        </p>
      ),
    },
    {
      question: 'How long does a coin or account order take?',
      answer: (
        <>
          <p>
            A coin transfer takes about 5-15 minutes. The 5% platform tax of the game is covered by the
            seller, so you receive the amount you ordered. There are no refunds after delivery.
          </p>
          <p>Account orders take a few days.</p>
        </>
      ),
    },
  ],
};

const safety: FaqSection = {
  id: 'safety',
  title: 'Safety',
  items: [
    {
      question: 'Can my game account be banned?',
      answer: (
        <>
          <p>
            Yes. Automating the transfer market is against the game&apos;s terms, and the publisher can
            restrict or ban any account it detects. That can mean a temporary transfer-market ban, a permanent
            ban, and losing the coins and player cards on the account. Nobody can promise that an account will
            never be banned.
          </p>
          <p>
            Only use accounts you are prepared to lose, and never your main account if losing it would hurt.
          </p>
        </>
      ),
    },
    {
      question: 'How does Trade Desk keep the risk down?',
      answer: (
        <p>
          Sessions pace themselves like a person: random delays between searches, breaks at a chosen
          frequency, and thresholds that stop an account after a number of requests, searches or purchases.
          When the game shows a captcha or a soft ban the session stops and tells you instead of pushing on.
          Lower thresholds and longer breaks mean fewer coins per hour but a smaller risk.
        </p>
      ),
    },
    {
      question: 'How are my account details stored?',
      answer: (
        <p>
          Your game account passwords and backup codes are encrypted before they are stored and are only
          decrypted to sign the account in. They are never shown back to you in full, never shared, and
          removed when you delete the account.
        </p>
      ),
    },
  ],
};

const technical: FaqSection = {
  id: 'technical',
  title: 'Technical',
  items: [
    {
      question: 'Do I have to keep my computer on?',
      answer: (
        <p>
          No for headless sessions: they run on our servers and keep going when you close the page. Headful
          sessions need a machine with a browser; a VPS plan gives you one that stays on day and night.
        </p>
      ),
    },
    {
      question: 'Why did my session stop?',
      answer: (
        <p>
          A session stops when it reaches one of your thresholds, when the coin balance falls below the
          filter&apos;s maximum price (if Check Coin Balance is on), when the game asks for a captcha or
          signals a soft ban, or when the account cannot sign in. The reason is shown on the account&apos;s
          row and in your notifications.
        </p>
      ),
    },
    {
      question: 'Which browser should I use?',
      answer: (
        <p>
          Any current version of Chrome, Edge, Firefox or Safari works for the site, on a computer or a phone.
        </p>
      ),
    },
  ],
};

const billing: FaqSection = {
  id: 'billing',
  title: 'Billing',
  items: [
    {
      question: 'Which payment methods do you accept?',
      answer: (
        <>
          <p>At checkout: major credit and debit cards, a payment wallet, and a stablecoin on one chain.</p>
          <p>
            Coin and account orders placed through a support ticket can also be paid with a money-transfer
            service, a payment wallet, a digital bank or a crypto exchange stablecoin.
          </p>
        </>
      ),
    },
    {
      question: 'Is my subscription renewed automatically?',
      answer: (
        <p>
          No. Subscriptions are not recurring: you pay once for the period you choose, and nothing is charged
          again. Buying the same plan again before it ends extends it.
        </p>
      ),
    },
    {
      question: 'Is there a free trial?',
      answer: (
        <p>
          Yes, a 3-day free trial. Raise a support ticket in the <CommunityLink /> to get it.
        </p>
      ),
    },
    {
      question: 'Can I get a refund?',
      answer: (
        <>
          <p>
            Refunds are decided case by case, and a dispute must be raised within 72 hours. Refunds are given
            for non-delivery, a duplicate payment or a payment-verification problem. They are not given for
            dissatisfaction, completed orders, cancellations or fraud.
          </p>
          <p>
            Read the full <RefundPolicyLink />.
          </p>
        </>
      ),
    },
    {
      question: 'How do referral codes work?',
      answer: <p>Enter a referral code before checkout to get 30% off your order.</p>,
    },
  ],
};

const support: FaqSection = {
  id: 'support',
  title: 'Support',
  items: [
    {
      question: 'How do I contact support?',
      answer: (
        <p>
          Open a support ticket in the <CommunityLink />. Support is available 24/7 from our team on GMT+8,
          and a typical reply takes 2-4 hours.
        </p>
      ),
    },
    {
      question: 'What should I put in a ticket?',
      answer: (
        <p>
          Your username, the account&apos;s platform, what you expected and what happened, and the time it
          happened. For a payment question add the order date and the amount, never your card details.
        </p>
      ),
    },
  ],
};

/** The FAQ of the site, in the order the FAQ page shows it (spec 001 §1 and §2). */
export const faqSections: readonly FaqSection[] = [general, usage, safety, technical, billing, support];

/** The named sections, in the given order (for pages that show part of the FAQ). */
export const faqSectionsById = (ids: readonly FaqSectionId[]): FaqSection[] =>
  ids.map((id) => faqSections.find((section) => section.id === id)!);
