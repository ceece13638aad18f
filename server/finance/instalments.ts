/** The calendar of instalments lives with the configs (resources/), so the screens preview it with the same rules. */
export * from '../../resources/instalments';
