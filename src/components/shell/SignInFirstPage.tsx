// Shown instead of every screen when this server lets guests see nothing (VAT_GUEST_ACCESS=none):
// a plain sign-in prompt. While the server is still being asked who is signed in, it waits instead.
import { useSession } from '../../session';
import { RouteLoading } from '../../pages/RouteLoading';
import { Button } from '../ui/Button';

export function SignInFirstPage() {
  const { auth, checking, openSignIn } = useSession();
  if (checking) return <RouteLoading />;
  return (
    <section
      data-testid="signInFirst.page"
      className="mx-auto mt-16 max-w-md space-y-4 rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm"
    >
      <h2 className="text-xl font-semibold">Please sign in</h2>
      <p className="text-sm text-slate-600">
        {auth.mode === 'proxy'
          ? "This server shows its videos only to signed-in users, and your organisation's sign-in did not say who you are. Reload the page to sign in again."
          : 'This server shows its videos only to signed-in users. Sign in to go on.'}
      </p>
      {auth.mode !== 'proxy' && (
        <Button variant="primary" data-testid="signInFirst.signIn" onClick={openSignIn}>
          Sign In
        </Button>
      )}
    </section>
  );
}
