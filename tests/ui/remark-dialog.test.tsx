// @vitest-environment jsdom
// Remark dialog: titles, the 'n / 150 chars • n / 20 words' counter, 150-char cap, Confirm disabled above 20 words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemarkDialog } from '../../src/components/dialogs/RemarkDialog';

afterEach(cleanup);

describe('remark dialog', () => {
  it('is titled per kind and counts characters and words', async () => {
    const { rerender } = render(<RemarkDialog open kind="kiv" onClose={() => {}} onConfirm={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Mark as KIV' })).toBeInTheDocument();
    expect(screen.getByTestId('remark.counter')).toHaveTextContent('0 / 150 chars • 0 / 20 words');
    await userEvent.type(screen.getByTestId('remark.text'), 'too  dark here');
    expect(screen.getByTestId('remark.counter')).toHaveTextContent('14 / 150 chars • 3 / 20 words');
    rerender(<RemarkDialog open kind="disqualified" onClose={() => {}} onConfirm={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Disqualify Video' })).toBeInTheDocument();
  });

  it('disables Confirm above 20 words and enables it again at 20', () => {
    render(<RemarkDialog open kind="kiv" onClose={() => {}} onConfirm={() => {}} />);
    const box = screen.getByTestId('remark.text');
    fireEvent.change(box, { target: { value: Array.from({ length: 21 }, (_, i) => `w${i}`).join(' ') } });
    expect(screen.getByTestId('remark.counter')).toHaveTextContent('/ 150 chars • 21 / 20 words');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    fireEvent.change(box, { target: { value: Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ') } });
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it('caps the remark at 150 characters and confirms the trimmed text', async () => {
    const onConfirm = vi.fn();
    render(<RemarkDialog open kind="disqualified" onClose={() => {}} onConfirm={onConfirm} />);
    fireEvent.change(screen.getByTestId('remark.text'), { target: { value: 'a'.repeat(170) } });
    expect(screen.getByTestId('remark.counter')).toHaveTextContent('150 / 150 chars • 1 / 20 words');
    fireEvent.change(screen.getByTestId('remark.text'), { target: { value: '  out of scope  ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith('out of scope');
  });
});
