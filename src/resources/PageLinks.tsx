import { Box, PaginationItem } from '@mui/material';
import type { MouseEvent } from 'react';

// react-admin hands over a DOM-typed MouseEvent; the handler only passes it through.
type Click = (event: never, page: number) => void;
import { useTranslate } from 'react-admin';

export interface PageLinksProps {
  /** 0-based, as MUI's TablePagination hands it over. */
  page: number;
  rowsPerPage: number;
  count: number;
  onPageChange: Click;
}

export const MAX_PAGE_LINKS = 10;

/** Page numbers shown around the current one: at most ten, the current one kept inside. */
export function pageWindow(current: number, pages: number, size = MAX_PAGE_LINKS): number[] {
  const start = Math.max(1, Math.min(current - Math.floor(size / 2) + 1, pages - size + 1));
  const end = Math.min(pages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** The list pagination of the spec: first / previous, up to ten page links, next / last. */
export function PageLinks({ page, rowsPerPage, count, onPageChange }: PageLinksProps) {
  const translate = useTranslate();
  const pages = Math.max(1, Math.ceil(count / rowsPerPage));
  const current = page + 1;
  if (pages === 1) return <Box sx={{ flexShrink: 0 }} />;
  const go = (target: number) => (event: MouseEvent<HTMLElement>) => onPageChange(event as never, target - 1);
  return (
    <Box component="nav" aria-label="Paginação" sx={{ display: 'flex', flexShrink: 0, ml: 2, gap: 0.25 }}>
      <PaginationItem
        component="button"
        type="first"
        size="small"
        disabled={current === 1}
        onClick={go(1)}
        aria-label={translate('ra.navigation.first')}
      />
      <PaginationItem
        component="button"
        type="previous"
        size="small"
        disabled={current === 1}
        onClick={go(current - 1)}
        aria-label={translate('ra.navigation.previous')}
      />
      {pageWindow(current, pages).map((n) => (
        <PaginationItem
          component="button"
          key={n}
          type="page"
          page={n}
          size="small"
          selected={n === current}
          onClick={go(n)}
          aria-current={n === current ? 'page' : undefined}
          aria-label={translate(n === current ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: n })}
        />
      ))}
      <PaginationItem
        component="button"
        type="next"
        size="small"
        disabled={current === pages}
        onClick={go(current + 1)}
        aria-label={translate('ra.navigation.next')}
      />
      <PaginationItem
        component="button"
        type="last"
        size="small"
        disabled={current === pages}
        onClick={go(pages)}
        aria-label={translate('ra.navigation.last')}
      />
    </Box>
  );
}
