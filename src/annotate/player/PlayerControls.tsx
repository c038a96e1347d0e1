// Player controls: View/Edit toggle, Time/Frame entry, overlay toggles, player sizes, play/pause,
// ±10 s skip, Prev/Next Frame, volume, speeds, seek slider (step 0.1) and the m:ss.t readout.
import { useState } from 'react';
import { DEFAULT_VOLUME, SKIP_S, SPEEDS } from '../../../domain/constants';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../session';
import { formatClock, parseEntry } from '../playback/frame-math';
import type { OverlayToggles, PlayerSize } from '../document/ui-state';
import { useEditor, useUi } from '../editor/editor-context';

const TOGGLES: [keyof OverlayToggles, string][] = [
  ['snapTimeline', 'Snap timeline'],
  ['snapPlayhead', 'Snap to playhead'],
  ['snapGrid', 'Snap grid'],
  ['skeletons', 'Skeletons'],
  ['keypoints', 'Keypoints'],
  ['boxes', 'Boxes'],
  ['confidence', 'Confidence'],
];
const SIZES: [PlayerSize, string][] = [
  ['small', 'Small 720'],
  ['medium', 'Medium 960'],
  ['large', 'Large 1200'],
  ['full', 'Full width'],
];

const group = 'flex flex-wrap items-center gap-1';

function useEditorActions() {
  const editor = useEditor();
  return { player: editor.player, updateUi: (p: Parameters<typeof editor.updateUi>[0]) => editor.updateUi(p) };
}

function ModeToggle() {
  const editor = useEditor();
  const mode = useUi((s) => s.mode);
  const { user, requireSignIn } = useSession();
  const session = {
    signedIn: user.signedIn,
    requireSignIn: (m?: string) => {
      requireSignIn(m);
    },
  };
  return (
    <div role="group" aria-label="Mode" className="inline-flex overflow-hidden rounded border border-slate-300">
      {(['view', 'edit'] as const).map((m) => (
        <button
          key={m}
          type="button"
          data-testid={`controls.mode-${m}`}
          aria-pressed={mode === m}
          title={m === 'edit' && !user.signedIn ? 'Please sign in to edit annotations.' : undefined}
          className={`px-3 py-0.5 text-sm ${mode === m ? 'bg-indigo-600 text-white' : 'bg-white'} ${m === 'edit' && !user.signedIn ? 'text-slate-400' : ''}`}
          onClick={() => editor.requestMode(m, session)}
        >
          {m === 'view' ? 'View' : 'Edit'}
        </button>
      ))}
    </div>
  );
}

function TimeFrameEntry({ fps, totalFrames }: { fps: number; totalFrames: number }) {
  const { player, updateUi } = useEditorActions();
  const unit = useUi((s) => s.entryUnit);
  const [text, setText] = useState('');
  const go = () => {
    const f = parseEntry(text, unit, fps, totalFrames);
    if (f !== null) void player.seekFrame(f);
  };
  return (
    <form
      className={group}
      onSubmit={(e) => {
        e.preventDefault();
        go();
        // Enter (or Go) leaves the field, so the player's keys work again at once
        (document.activeElement as HTMLElement | null)?.blur();
      }}
    >
      <select
        aria-label="Entry unit"
        data-testid="controls.entry-unit"
        value={unit}
        className="rounded border border-slate-300 px-1 py-0.5 text-sm"
        onChange={(e) => {
          updateUi({ entryUnit: e.target.value as 'time' | 'frame' });
          e.currentTarget.blur();
        }}
      >
        <option value="time">Time (s)</option>
        <option value="frame">Frame</option>
      </select>
      <input
        data-testid="controls.entry"
        aria-label={unit === 'time' ? 'Time in seconds' : 'Frame number'}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') e.currentTarget.blur();
        }}
        className="w-20 rounded border border-slate-300 px-2 py-0.5 text-sm"
        inputMode="decimal"
      />
      <Button type="submit" data-testid="controls.entry-go">
        Go
      </Button>
    </form>
  );
}

export function PlayerControls({ fps, totalFrames, duration }: { fps: number; totalFrames: number; duration: number }) {
  const { player, updateUi } = useEditorActions();
  const toggles = useUi((s) => s.toggles);
  const size = useUi((s) => s.playerSize);
  const playing = useUi((s) => s.playing);
  const time = useUi((s) => s.time);
  const frame = useUi((s) => s.frame);
  const [rate, setRate] = useState(player.rate);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  return (
    // Two lines, so the height goes to the picture: what is shown (mode, entry, overlay toggles, size) above,
    // playback with the seek slider below. Compact buttons; each line wraps only in a narrow window.
    <div data-testid="controls.bar" className="flex flex-col gap-1 text-sm [&_button]:px-2 [&_button]:py-0.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ModeToggle />
        <TimeFrameEntry fps={fps} totalFrames={totalFrames} />
        <div className="flex flex-wrap items-center gap-x-1.5 text-xs">
          {TOGGLES.map(([key, label]) => (
            <label key={key} className="flex items-center gap-0.5">
              <input
                type="checkbox"
                data-testid={`controls.toggle-${key}`}
                checked={toggles[key]}
                onChange={(e) => {
                  const v = e.target.checked;
                  updateUi((s) => ({ toggles: { ...s.toggles, [key]: v } }));
                }}
              />
              {label}
            </label>
          ))}
        </div>
        <select
          aria-label="Player size"
          data-testid="controls.size"
          value={size}
          className="rounded border border-slate-300 px-1 py-0.5 text-xs"
          onChange={(e) => {
            updateUi({ playerSize: e.target.value as PlayerSize });
            // a choice made, the keys go back to the player
            e.currentTarget.blur();
          }}
        >
          {SIZES.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className={group}>
          <Button data-testid="controls.play" variant="primary" onClick={() => player.toggle()}>
            {playing ? 'Pause' : 'Play'}
          </Button>
          <Button data-testid="controls.back10" onClick={() => void player.skip(-SKIP_S)}>
            −10 s
          </Button>
          <Button data-testid="controls.prev-frame" onClick={() => void player.step(-1)}>
            Prev Frame
          </Button>
          <Button data-testid="controls.next-frame" onClick={() => void player.step(1)}>
            Next Frame
          </Button>
          <Button data-testid="controls.fwd10" onClick={() => void player.skip(SKIP_S)}>
            +10 s
          </Button>
        </div>
        <div className="flex min-w-48 flex-1 items-center gap-2">
          <input
            type="range"
            aria-label="Seek"
            data-testid="controls.seek"
            className="min-w-0 flex-1"
            min={0}
            max={Math.max(0.1, duration)}
            step={0.1}
            value={Math.min(time, duration)}
            onChange={(e) => void player.seekTime(Number(e.target.value))}
          />
          <span data-testid="controls.readout" className="whitespace-nowrap font-mono tabular-nums">
            {formatClock(time)} / {formatClock(duration)}
          </span>
          <span data-testid="controls.frame" className="whitespace-nowrap font-mono text-xs text-slate-500">
            frame {frame}
          </span>
        </div>
        <div role="group" aria-label="Speed" className="inline-flex gap-1">
          {SPEEDS.map((s) => (
            <Button
              key={s}
              data-testid={`controls.speed-${s}`}
              aria-pressed={rate === s}
              variant={rate === s ? 'primary' : 'secondary'}
              onClick={() => {
                setRate(s);
                player.setRate(s);
              }}
            >
              {s}x
            </Button>
          ))}
        </div>
        <label className="flex items-center gap-1">
          Volume
          <input
            type="range"
            data-testid="controls.volume"
            className="w-20"
            min={0}
            max={1}
            step={0.05}
            value={volume}
            onChange={(e) => {
              const v = Number(e.target.value);
              setVolume(v);
              player.setVolume(v);
            }}
          />
        </label>
      </div>
    </div>
  );
}
