import { describe, expect, it } from 'vitest';
import { SpaceHold } from '../../src/annotate/editor/space-hold';

describe('SpaceHold', () => {
  it('a tap toggles playback', () => {
    const s = new SpaceHold();
    s.press();
    expect(s.held).toBe(true);
    expect(s.release()).toBe(true);
    expect(s.held).toBe(false);
  });
  it('a hold that served a pan does not toggle playback, and the next tap does', () => {
    const s = new SpaceHold();
    s.press();
    s.markUsed();
    expect(s.release()).toBe(false);
    s.press();
    expect(s.release()).toBe(true);
  });
  it('a pan outside a hold marks nothing, and a release without a press is no tap', () => {
    const s = new SpaceHold();
    s.markUsed();
    expect(s.release()).toBe(false);
    s.press();
    expect(s.release()).toBe(true);
  });
});
