// The drag-and-drop or click area of the Upload screen; several video files at once.
import { useRef, useState, type DragEvent } from 'react';

export function DropZone({ onFiles }: { onFiles(files: File[]): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length) onFiles([...e.dataTransfer.files]);
  };
  return (
    <div
      role="button"
      tabIndex={0}
      data-testid="upload.dropzone"
      data-over={over || undefined}
      onClick={() => input.current?.click()}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          input.current?.click();
        }
      }}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-12 text-center focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${over ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white hover:bg-slate-50'}`}
    >
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="h-10 w-10 text-indigo-500"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
      >
        <path
          d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="text-base font-medium text-slate-800">Drag and drop video files here, or click to select</p>
      <p className="text-sm text-slate-500">Support for MP4, AVI, MOV, MKV files up to 500MB</p>
      <input
        ref={input}
        type="file"
        accept="video/*"
        multiple
        hidden
        data-testid="upload.input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
