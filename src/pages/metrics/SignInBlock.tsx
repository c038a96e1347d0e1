// The Metrics screen's sign-in block (administrators): password guessing of the last day from the audit
// trail, who must wait now, and the password-hashing queue of the API process that answered.
import type { SignInMetrics } from '../../api/metrics';
import { card } from './MetricBlocks';

const Row = ({ label, value, testId }: { label: string; value: string | number; testId: string }) => (
  <div className="flex justify-between py-1 text-sm">
    <span className="text-slate-600">{label}</span>
    <span data-testid={testId} className="font-medium">
      {value}
    </span>
  </div>
);

export function SignInBlock({ figures }: { figures: SignInMetrics }) {
  const h = figures.hashing;
  return (
    <div data-testid="metrics.signIn" className={card}>
      <h3 className="mb-2 font-semibold text-slate-800">Sign-in</h3>
      <Row label="Failed sign-ins (24 h)" value={figures.failed_24h} testId="metrics.signIn.failed" />
      <Row label="Password guessing slowed (24 h)" value={figures.throttled_24h} testId="metrics.signIn.throttled" />
      <Row
        label="Guesses since this server started"
        value={`${figures.failures} failed, ${figures.refused} refused`}
        testId="metrics.signIn.guesses"
      />
      <Row
        label="Password checks"
        value={`${h.running} running, ${h.waiting_sign_in + h.waiting_change} waiting`}
        testId="metrics.signIn.hashing"
      />
      <h4 className="mt-3 text-sm font-medium text-slate-700">Waiting now</h4>
      {figures.waiting.length ? (
        <table data-testid="metrics.signIn.waiting" className="w-full text-xs">
          <thead>
            <tr className="text-left text-slate-500">
              <th>Address</th>
              <th>Account</th>
              <th>Failures</th>
              <th>Waits</th>
            </tr>
          </thead>
          <tbody>
            {figures.waiting.map((w) => (
              <tr key={`${w.address} ${w.account ?? ''}`}>
                <td>{w.address}</td>
                <td>{w.account ?? w.target}</td>
                <td>{w.failures}</td>
                <td>{w.retry_after_s} s</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-500">No address is being slowed down.</p>
      )}
    </div>
  );
}
