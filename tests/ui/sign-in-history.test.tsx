// @vitest-environment jsdom
// An account's history shows its sign-in events in words with their detail (an address, a token's name,
// why guessing was slowed), and the Metrics screen's Sign-in block shows who waits now.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { UserHistory } from '../../src/pages/users/UserHistory';
import { SignInBlock } from '../../src/pages/metrics/SignInBlock';
import type { UserAuditEntry } from '../../domain/contract/users';

vi.mock('../../src/api/users', () => ({
  userHistory: async (): Promise<UserAuditEntry[]> =>
    [
      ['sign-in-throttled', '6 failed guesses from 10.9.9.9 within 15 minutes: that address now waits'],
      ['token-revoke', 'nightly: ended by a password change'],
      ['sign-in', 'from 10.1.0.1'],
    ].map(([action, detail], i) => ({
      id: i + 1,
      user_id: 'ada',
      action,
      changed_by_id: 'ada',
      changed_at: '2026-03-01T10:00:00.000Z',
      old_name: null,
      new_name: null,
      old_role: null,
      new_role: null,
      detail,
    })),
}));

afterEach(cleanup);

describe('sign-in events', () => {
  it('are listed in words with their detail', async () => {
    render(<UserHistory id="ada" />);
    const entries = await screen.findAllByTestId('users.historyEntry');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringContaining('password guessing slowed: 6 failed guesses from 10.9.9.9'),
      expect.stringContaining('API token ended: nightly: ended by a password change'),
      expect.stringContaining('signed in: from 10.1.0.1'),
    ]);
  });

  it('the Sign-in block lists the addresses that wait, per account or for many accounts', () => {
    render(
      <SignInBlock
        figures={{
          failed_24h: 12,
          throttled_24h: 1,
          failures: 14,
          refused: 3,
          waiting: [
            { address: '10.9.9.9', account: 'ada', target: 'account', failures: 6, retry_after_s: 1 },
            { address: '10.9.9.8', account: null, target: 'unknown account', failures: 6, retry_after_s: 1 },
            { address: '2001:db8:1:2::/64', account: null, target: 'many accounts', failures: 21, retry_after_s: 2 },
          ],
          hashing: { running: 1, waiting_sign_in: 2, waiting_change: 0 },
        }}
      />,
    );
    expect(screen.getByTestId('metrics.signIn.failed')).toHaveTextContent('12');
    expect(screen.getByTestId('metrics.signIn.guesses')).toHaveTextContent('14 failed, 3 refused');
    expect(screen.getByTestId('metrics.signIn.hashing')).toHaveTextContent('1 running, 2 waiting');
    const rows = screen.getByTestId('metrics.signIn.waiting').querySelectorAll('tbody tr');
    expect([...rows].map((r) => r.textContent)).toEqual([
      '10.9.9.9ada61 s',
      '10.9.9.8unknown account61 s',
      '2001:db8:1:2::/64many accounts212 s',
    ]);
  });
});
