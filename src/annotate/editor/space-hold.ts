// Space is two things on the Annotate screen: a tap plays or pauses, a hold turns a drag on the frame
// into a pan. The keyboard listener marks the hold (press, release); the viewport marks it used when a
// pan started during the hold, so the release does not also toggle playback.
export class SpaceHold {
  private down = false;
  private used = false;

  /** Space went down (not a key repeat). */
  press(): void {
    this.down = true;
    this.used = false;
  }

  /** Space came up: true when it was a tap, so playback toggles; false when the hold served a pan. */
  release(): boolean {
    const tap = this.down && !this.used;
    this.down = false;
    this.used = false;
    return tap;
  }

  /** Space is held now (a pointer-down on the frame pans instead of selecting or drawing). */
  get held(): boolean {
    return this.down;
  }

  /** A pan started during this hold. */
  markUsed(): void {
    if (this.down) this.used = true;
  }
}
