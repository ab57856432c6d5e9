import { formatEuroCents } from '@tradedesk/domain';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { CopyButton } from '../../../components/ui/copy-button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useReceipt, type Receipt } from '../api/get-receipt';

function NewAccountCredentials({ credentials }: { credentials: NonNullable<Receipt['credentials']> }) {
  return (
    <div
      className="alert alert-warning flex flex-col items-start gap-2"
      role="region"
      aria-label="Your licence"
    >
      <p className="font-semibold">Your account is ready. This token is shown only once: copy it now.</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 font-mono text-sm">
        <dt>Username</dt>
        <dd data-testid="new-username">{credentials.username}</dd>
        <dt>Licence token</dt>
        <dd className="flex items-center gap-2">
          <span data-testid="new-token" className="break-all">
            {credentials.token}
          </span>
          <CopyButton text={credentials.token} what="licence token" className="btn btn-sm" />
        </dd>
      </dl>
      <p className="text-sm">
        To sign in, open{' '}
        <Link to={paths.login} className="link">
          Login
        </Link>{' '}
        and enter this username and token. Then link your community account to start using the tools.
      </p>
    </div>
  );
}

/** /checkout/success: the order's receipt and, for a new buyer, the licence token once. */
export function CheckoutSuccessPage() {
  useDocumentTitle('Payment received');
  const [search] = useSearchParams();
  const receipt = useReceipt(search.get('order') ?? '', search.get('key') ?? '');
  const data = receipt.data;
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 py-6">
      <h1 className="text-3xl font-bold">
        {data?.status === 'paid' ? 'Payment received' : 'Checking your payment…'}
      </h1>
      {receipt.isError && <p className="text-error">We could not find this order.</p>}
      {data && (
        <p>
          {data.productName}
          {data.quantity > 1 ? ` × ${data.quantity}` : ''}: {formatEuroCents(data.amountCents)}
          {data.discountCents > 0 ? ` (referral discount ${formatEuroCents(data.discountCents)})` : ''}
        </p>
      )}
      {data?.status === 'open' && (
        <p>Waiting for the payment provider’s confirmation. This page updates itself.</p>
      )}
      {data?.credentials && <NewAccountCredentials credentials={data.credentials} />}
      {data?.status === 'paid' && !data.credentials && (
        <p>
          Your purchase has been added to your account.{' '}
          <Link to={paths.home} className="link">
            Go to your profile
          </Link>
        </p>
      )}
    </section>
  );
}

/** /checkout/cancel: nothing was charged. */
export function CheckoutCancelPage() {
  useDocumentTitle('Checkout cancelled');
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 py-6">
      <h1 className="text-3xl font-bold">Checkout cancelled</h1>
      <p>Nothing was charged. You can choose a plan again whenever you like.</p>
      <Link to={paths.subscription} className="btn btn-primary self-start">
        Back to plans
      </Link>
    </section>
  );
}
