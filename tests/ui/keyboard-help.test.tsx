/** @vitest-environment jsdom */
// The keyboard help lists every shortcut, grouped, and opens with '?' or its button.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { KeyboardHelp } from '../../src/annotate/KeyboardHelp';
import { allCommands, allNavCommands } from '../../src/annotate/commands/registry';

afterEach(cleanup);

describe('keyboard help', () => {
  it("opens with '?' and lists frame, box, segment, history, review and navigation keys, including every command's keys", async () => {
    render(<KeyboardHelp />);
    expect(screen.queryByTestId('help.dialog')).toBeNull();
    fireEvent.keyDown(window, { key: '?' });
    const dialog = await screen.findByTestId('help.dialog');
    for (const g of ['frame', 'box', 'segment', 'history', 'review', 'navigation']) expect(within(dialog).getByTestId(`help.group.${g}`)).toBeTruthy();
    const text = dialog.textContent ?? '';
    for (const keys of ['[', 'Shift+[', 'Alt+Shift+[', 'Shift+]', 'Alt+Shift+]', 'Arrow keys', 'Ctrl+Z', 'Alt+Left', 'Alt+Right']) expect(text).toContain(keys);
    for (const s of allCommands().flatMap((c) => c.shortcuts ?? [])) expect(text).toContain(s.does);
    // the review walk's keys come from the registry's second table
    for (const s of allNavCommands().flatMap((c) => c.shortcuts)) { expect(text).toContain(s.keys); expect(text).toContain(s.does); }
  });

  it('opens from its visible button, and a ? typed into a field is left alone', async () => {
    render(<><input data-testid="field" /><KeyboardHelp /></>);
    fireEvent.keyDown(screen.getByTestId('field'), { key: '?' });
    expect(screen.queryByTestId('help.dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('annotate.shortcuts'));
    expect(await screen.findByTestId('help.dialog')).toBeTruthy();
  });
});
