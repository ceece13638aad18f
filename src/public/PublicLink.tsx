import { Link as MuiLink, type LinkProps } from '@mui/material';
import { useContext, type MouseEvent } from 'react';
import { PublicNavigation } from './navigation';

/** A link of the public pages: a real `<a href>` (new tab, copy link), followed without a page load. */
export function PublicLink({ to, onClick, ...props }: Omit<LinkProps, 'href'> & { to: string }) {
  const navigate = useContext(PublicNavigation);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A modified click (new tab, new window, download) is the browser's.
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return <MuiLink href={to} onClick={follow} {...props} />;
}
