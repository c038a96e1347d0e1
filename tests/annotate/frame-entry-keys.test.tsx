// @vitest-environment jsdom
// The Time/Frame entry gives the keys back: Enter goes to the frame and leaves the field, Escape leaves it,
// and the player's keys ('[' ']', arrows) work again at once; so does a chosen player size.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SessionProvider } from '../../src/session';
import { EditController } from '../../src/annotate/edit/EditController';
import { PlayerControls } from '../../src/annotate/player/PlayerControls';
import { TestEditor } from './test-editor';
import { renderWithEditor } from './render-with-editor';

const storage = () => ({ getItem: () => null, setItem: () => {}, removeItem: () => {} });

let te: TestEditor;
beforeEach(() => {
  te = new TestEditor();
  te.attachVideo();
  renderWithEditor(
    te,
    <SessionProvider storage={storage()}>
      <PlayerControls fps={30} totalFrames={300} duration={10} />
      <EditController />
    </SessionProvider>,
  );
});
afterEach(() => {
  cleanup();
  te.dispose();
});

it('Enter goes to the typed frame and leaves the field; then ] steps a frame', async () => {
  await userEvent.selectOptions(screen.getByTestId('controls.entry-unit'), 'frame');
  expect(screen.getByTestId('controls.entry-unit')).not.toHaveFocus();
  await userEvent.type(screen.getByTestId('controls.entry'), '40{Enter}');
  await waitFor(() => expect(te.ui.frame).toBe(40));
  expect(screen.getByTestId('controls.entry')).not.toHaveFocus();
  await userEvent.keyboard(']');
  await waitFor(() => expect(te.ui.frame).toBe(41));
});

it('Escape leaves the field without a jump; a chosen player size leaves the select', async () => {
  await userEvent.type(screen.getByTestId('controls.entry'), '3{Escape}');
  expect(screen.getByTestId('controls.entry')).not.toHaveFocus();
  expect(te.ui.frame).toBe(0);
  await userEvent.keyboard(']');
  await waitFor(() => expect(te.ui.frame).toBe(1));
  await userEvent.selectOptions(screen.getByTestId('controls.size'), 'large');
  expect(screen.getByTestId('controls.size')).not.toHaveFocus();
  await userEvent.keyboard(']');
  await waitFor(() => expect(te.ui.frame).toBe(2));
});
