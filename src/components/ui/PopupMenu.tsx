// Light popup menu for table rows: a plain button until opened (a Headless UI Menu per row costs ~5 ms of
// render each, which delayed the library's first rows). Keyboard: Enter/Space/ArrowDown open, arrows move,
// Home/End jump, Escape closes and returns focus; a click outside closes. The menu opens upward when it
// does not fit below its button (menu-position.ts).
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { menuPosition, type MenuPosition } from './menu-position';

export interface PopupMenuItem {
  label: string;
  onSelect?: () => void;
  disabled?: boolean;
  separatorBefore?: boolean;
}

export function PopupMenu({
  items,
  buttonLabel,
  buttonContent,
  testId,
  buttonClassName,
  disabled,
}: {
  items: PopupMenuItem[];
  buttonLabel: string;
  buttonContent: ReactNode;
  testId?: string;
  buttonClassName?: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<MenuPosition>({ top: 0, right: 0, maxHeight: 0 });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const enabledItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const place = () => {
    const r = buttonRef.current?.getBoundingClientRect();
    // the menu's own height once it is drawn (scrollHeight: its full list even while capped)
    const h = menuRef.current?.scrollHeight ?? 0;
    if (r) setPos(menuPosition(r, h, { width: window.innerWidth, height: window.innerHeight }));
  };
  // placed again once the menu is drawn and its height is known, before the browser paints it
  useLayoutEffect(() => {
    if (open) place();
  }, [open]);
  const show = () => {
    place();
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    enabledItems()[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node)) close(false);
    };
    // Follow the button when the page scrolls (closing here would race the scroll that brought it into view).
    const onScroll = () => place();
    document.addEventListener('mousedown', onDown);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [open]);

  const onMenuKey = (e: React.KeyboardEvent) => {
    const list = enabledItems();
    const i = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      list[(i + 1) % list.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      list[(i - 1 + list.length) % list.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      list[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      list[list.length - 1]?.focus();
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        data-testid={testId}
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            show();
          }
        }}
        className={
          buttonClassName ??
          'rounded p-1.5 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500'
        }
      >
        {buttonContent}
      </button>
      {open &&
        createPortal(
          <ul
            ref={menuRef}
            role="menu"
            aria-label={buttonLabel}
            onKeyDown={onMenuKey}
            style={{ top: pos.top, right: pos.right, maxHeight: pos.maxHeight || undefined }}
            className="fixed z-50 min-w-52 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
          >
            {items.map((it) => (
              <li
                key={it.label}
                role="none"
                className={it.separatorBefore ? 'mt-1 border-t border-slate-200 pt-1' : ''}
              >
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-disabled={it.disabled || undefined}
                  onClick={() => {
                    if (it.disabled) return;
                    close(true);
                    it.onSelect?.();
                  }}
                  className={`block w-full px-4 py-1.5 text-left text-sm focus:bg-indigo-50 focus:outline-none ${it.disabled ? 'cursor-not-allowed text-slate-400' : 'hover:bg-indigo-50'}`}
                >
                  {it.label}
                </button>
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </>
  );
}
