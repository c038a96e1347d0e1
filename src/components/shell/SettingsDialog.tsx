// Render/detection settings dialog (top bar's settings button): sections Render, Detection and Other,
// buttons Close and Save. Empty number fields fall back as the settings rules say (CRF 22, image size
// 1280, stride at least 1). Saving needs an administrator: others see the values read-only and why.
import { useEffect, useState } from 'react';
import type { VideoSettings } from '../../../domain/constants';
import {
  DEFAULT_VIEWS,
  numbersFromInputs,
  POSE_MODEL_LABELS,
  POSE_MODELS,
  PROPAGATE_SECONDS_RANGE,
  REALTIME_MODES,
  RENDER_CODECS,
  RENDER_MAX_RES,
  RENDER_PRESETS,
  TRACKER_NAMES,
  type SettingsNumberInputs,
} from '../../../domain/video-settings';
import { Button } from '../ui/Button';
import { Modal } from '../dialogs/Modal';
import { Check, NumberField, Section, Select } from './settings-fields';
import { ReviewLockSection } from './ReviewLockSection';

export const SETTINGS_READ_ONLY_TEXT = 'Only administrators can change these settings.';

export interface SettingsDialogProps {
  open: boolean;
  settings: VideoSettings;
  canSave: boolean;
  onClose: () => void;
  /** Resolves true when saved (the dialog then closes); false keeps it open with nothing shown. */
  onSave: (settings: VideoSettings) => Promise<boolean>;
}

type Overlay = VideoSettings['overlay'];

const numberInputs = (s: VideoSettings): SettingsNumberInputs => ({
  render_crf: String(s.render_crf),
  yolo_imgsz: String(s.yolo_imgsz),
  pipeline_frame_stride: String(s.pipeline_frame_stride),
  propagate_max_seconds: String(s.propagate_max_seconds),
});

export function SettingsDialog({ open, settings, canSave, onClose, onSave }: SettingsDialogProps) {
  const [draft, setDraft] = useState(settings);
  const [numbers, setNumbers] = useState(() => numberInputs(settings));
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      setDraft(settings);
      setNumbers(numberInputs(settings));
    }
  }, [open, settings]);
  const ro = !canSave;
  const set = <K extends keyof VideoSettings>(k: K, v: VideoSettings[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const setOverlay = (k: keyof Overlay, v: boolean) => setDraft((d) => ({ ...d, overlay: { ...d.overlay, [k]: v } }));
  const setNumber = (k: keyof SettingsNumberInputs, v: string) => setNumbers((n) => ({ ...n, [k]: v }));
  const save = async () => {
    setSaving(true);
    try {
      const full = { ...draft, ...numbersFromInputs(numbers) };
      if (await onSave(full)) onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Settings"
      testId="dialog.settings"
      width="max-w-xl"
      actions={
        <>
          <Button data-testid="settings.close" onClick={onClose}>
            Close
          </Button>
          <Button variant="primary" data-testid="settings.save" disabled={ro || saving} onClick={() => void save()}>
            Save
          </Button>
        </>
      }
    >
      {ro && (
        <p data-testid="settings.readOnly" className="mb-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {SETTINGS_READ_ONLY_TEXT}
        </p>
      )}
      <Section title="Render">
        <Check
          id="autoCompleted"
          label="Auto render on completed"
          checked={draft.auto_render_on_completed}
          disabled={ro}
          onChange={(v) => set('auto_render_on_completed', v)}
        />
        <Check
          id="autoReviewed"
          label="Auto render on reviewed"
          checked={draft.auto_render_on_reviewed}
          disabled={ro}
          onChange={(v) => set('auto_render_on_reviewed', v)}
        />
        <Select
          id="preset"
          label="Preset"
          value={draft.render_preset}
          options={RENDER_PRESETS}
          disabled={ro}
          onChange={(v) => set('render_preset', v)}
        />
        <NumberField
          id="crf"
          label="CRF"
          value={numbers.render_crf}
          disabled={ro}
          min={0}
          onChange={(v) => setNumber('render_crf', v)}
        />
        <Select
          id="codec"
          label="Codec"
          value={draft.render_codec}
          options={RENDER_CODECS}
          disabled={ro}
          onChange={(v) => set('render_codec', v)}
        />
        <Select
          id="maxRes"
          label="Max resolution"
          value={draft.render_max_res}
          options={RENDER_MAX_RES}
          disabled={ro}
          onChange={(v) => set('render_max_res', v)}
        />
        <Check
          id="overlayBoxes"
          label="Boxes"
          checked={draft.overlay.boxes}
          disabled={ro}
          onChange={(v) => setOverlay('boxes', v)}
        />
        <Check
          id="overlaySkeletons"
          label="Skeletons"
          checked={draft.overlay.skeletons}
          disabled={ro}
          onChange={(v) => setOverlay('skeletons', v)}
        />
        <Check
          id="overlayKeypoints"
          label="Keypoints"
          checked={draft.overlay.keypoints}
          disabled={ro}
          onChange={(v) => setOverlay('keypoints', v)}
        />
        <Check
          id="overlayLabels"
          label="Labels"
          checked={draft.overlay.labels}
          disabled={ro}
          onChange={(v) => setOverlay('labels', v)}
        />
      </Section>
      <Section title="Detection">
        <Select
          id="tracker"
          label="Tracker"
          value={draft.tracker_name}
          options={TRACKER_NAMES}
          disabled={ro}
          onChange={(v) => set('tracker_name', v)}
        />
        <Select
          id="poseModel"
          label="Processing mode"
          value={draft.pose_model}
          options={POSE_MODELS}
          labels={POSE_MODEL_LABELS}
          disabled={ro}
          onChange={(v) => set('pose_model', v)}
        />
        <NumberField
          id="imgsz"
          label="Analysis size (larger finds smaller people, slower)"
          value={numbers.yolo_imgsz}
          disabled={ro}
          onChange={(v) => setNumber('yolo_imgsz', v)}
        />
        <NumberField
          id="stride"
          label="Analyse every n-th frame (1: every frame gets its own box and joints; higher is faster, the frames between are interpolated)"
          value={numbers.pipeline_frame_stride}
          disabled={ro}
          min={1}
          onChange={(v) => setNumber('pipeline_frame_stride', v)}
        />
      </Section>
      <Section title="Other">
        <NumberField
          id="propagateSeconds"
          label="Propagate without a later keyframe: at most this many seconds of video"
          value={numbers.propagate_max_seconds}
          disabled={ro}
          min={PROPAGATE_SECONDS_RANGE.min}
          step={0.1}
          onChange={(v) => setNumber('propagate_max_seconds', v)}
        />
        <Select
          id="realtimeMode"
          label="Realtime mode"
          value={draft.realtime.mode as (typeof REALTIME_MODES)[number]}
          options={REALTIME_MODES}
          disabled={ro}
          onChange={(v) => set('realtime', { ...draft.realtime, mode: v })}
        />
        <Check
          id="interpolation"
          label="Interpolation"
          checked={draft.realtime.interpolation}
          disabled={ro}
          onChange={(v) => set('realtime', { ...draft.realtime, interpolation: v })}
        />
        <Select
          id="defaultView"
          label="Default view"
          value={draft.default_view}
          options={DEFAULT_VIEWS}
          disabled={ro}
          onChange={(v) => set('default_view', v)}
        />
      </Section>
      <ReviewLockSection canSave={canSave} />
    </Modal>
  );
}
