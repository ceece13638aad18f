import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

const slot = () => document.getElementById('react-admin-title');

/**
 * A screen's title in the bar, where react-admin's `Title` puts it (the `#react-admin-title` slot of its AppBar
 * and of LightLayout). react-admin's own brings its configurable-title editor and, with it, TextField and its
 * menus: too much for the roll call a teacher opens on 3G (issue 36).
 */
export function ScreenTitle({ title }: { title: string }) {
  const [container, setContainer] = useState(slot);
  // On the first render the bar may not be drawn yet.
  useEffect(() => setContainer((c) => (c && document.body.contains(c) ? c : slot())), []);
  return container ? createPortal(<span>{title}</span>, container) : null;
}
