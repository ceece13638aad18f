import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type ReactElement,
  type Ref,
} from 'react';
import { whenIdle } from './whenIdle';

type TooltipComponent = ComponentType<TooltipProps>;
type ChildProps = {
  ref?: Ref<HTMLElement>;
  onMouseOver?: () => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onPointerDown?: () => void;
};

// Tooltip brings Popper (popper.js), ~13 kB gzip, for a hint nobody sees before pointing at the button.
let loading: Promise<TooltipComponent> | null = null;
const loadTooltip = () => (loading ??= import('@mui/material/Tooltip').then((m) => m.default as TooltipComponent));

function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false; // a browser without the selector
  }
}

/**
 * MUI's Tooltip, loaded when the browser is idle after the first paint, or at once when the pointer or
 * the keyboard reaches the child first (the hint then opens as soon as it arrives). Until then the child
 * is drawn as it is, with its own accessible name. The swap mounts the child anew: focus is kept, and it
 * waits while the child is pressed — a click whose button went down on the old node would be lost.
 */
export function LazyTooltip({ title, children }: { title: string; children: ReactElement<ChildProps> }) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(null);
  const [open, setOpen] = useState(false);
  const [pressed, setPressed] = useState(false);
  const node = useRef<HTMLElement>(null);
  const hadFocus = useRef(false);
  const load = useRef(() => {
    void loadTooltip().then((component) => {
      hadFocus.current = node.current !== null && document.activeElement === node.current;
      setTooltip(() => component);
    });
  }).current;
  useEffect(() => whenIdle(load), [load]);
  useLayoutEffect(() => {
    if (Tooltip && hadFocus.current) node.current?.focus();
  }, [Tooltip]);

  if (!Tooltip || pressed) {
    return cloneElement(children, {
      ref: node,
      onPointerDown: () => {
        setPressed(true);
        // The click follows the release in the same task: the swap comes after it.
        const listening = new AbortController();
        const release = () => {
          listening.abort();
          window.setTimeout(() => setPressed(false), 0);
        };
        window.addEventListener('pointerup', release, { signal: listening.signal });
        window.addEventListener('pointercancel', release, { signal: listening.signal });
      },
      onMouseOver: () => {
        setOpen(true);
        load();
      },
      onFocus: (e: FocusEvent<HTMLElement>) => {
        // As MUI's Tooltip does: a keyboard focus shows the hint, a click does not.
        if (focusVisible(e.currentTarget)) setOpen(true);
        load();
      },
    });
  }
  return (
    <Tooltip title={title} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
      {cloneElement(children, { ref: node })}
    </Tooltip>
  );
}
