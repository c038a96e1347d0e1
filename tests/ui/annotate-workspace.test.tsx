/** @vitest-environment jsdom */
// The Annotate workspace: the data panel collapses and comes back (the choice kept for the next visit),
// and the split between player and timeline moves with the keyboard within its limits and is kept.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { AnnotateWorkspace } from '../../src/pages/annotate/AnnotateWorkspace';
import { PANEL_KEY, SPLIT_KEY, TIMELINE_MIN_H } from '../../src/pages/annotate/layout-prefs';
import { TestEditor } from '../annotate/test-editor';
import { renderWithEditor } from '../annotate/render-with-editor';

const HEIGHT = 600;
let restore: () => void;

beforeEach(() => {
  localStorage.clear();
  // jsdom lays nothing out: the workspace is given a height as a browser would measure it
  // (jsdom defines clientHeight on Element.prototype; this shadows it for HTML elements until removed)
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get() {
      return (this as HTMLElement).dataset.testid === 'layout.workspace' ? HEIGHT : 0;
    },
  });
  restore = () => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  };
});
afterEach(() => {
  cleanup();
  restore();
});

const workspace = (te: TestEditor) =>
  renderWithEditor(
    te,
    <AnnotateWorkspace
      player={<div data-testid="test.player" />}
      controls={<div />}
      panel={<section data-testid="test.panel">Data at 0.00 s</section>}
      timeline={<div data-testid="test.timeline" />}
    />,
  );

describe('AnnotateWorkspace', () => {
  it('collapses the data panel and shows it again, keeping the choice', () => {
    const view = workspace(new TestEditor());
    fireEvent.click(screen.getByTestId('layout.panel-collapse'));
    expect(screen.queryByTestId('test.panel')).toBeNull();
    expect(localStorage.getItem(PANEL_KEY)).toBe('1');
    view.unmount();
    workspace(new TestEditor());
    expect(screen.queryByTestId('test.panel')).toBeNull();
    fireEvent.click(screen.getByTestId('layout.panel-expand'));
    expect(screen.getByTestId('test.panel')).toHaveTextContent('Data at 0.00 s');
    expect(localStorage.getItem(PANEL_KEY)).toBe('0');
  });

  it("moves the split with the arrow keys, never past the timeline's 4 rows, and keeps it", () => {
    workspace(new TestEditor());
    const split = screen.getByTestId('layout.split');
    const top = () => Number(split.getAttribute('aria-valuenow'));
    expect(top()).toBe(410);
    expect(screen.getByTestId('layout.top').style.height).toBe('410px');
    fireEvent.keyDown(split, { key: 'ArrowUp' });
    expect(top()).toBe(390);
    expect(localStorage.getItem(SPLIT_KEY)).toBe('390');
    for (let i = 0; i < 20; i++) fireEvent.keyDown(split, { key: 'ArrowDown' });
    expect(top()).toBe(HEIGHT - TIMELINE_MIN_H);
  });

  it('lets the player area grow with Full width (no split to drag)', () => {
    workspace(new TestEditor(undefined, { playerSize: 'full' }));
    expect(screen.queryByTestId('layout.split')).toBeNull();
    expect(screen.getByTestId('layout.top').style.height).toBe('');
  });
});
