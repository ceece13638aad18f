import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AutocompleteInput, type AutocompleteInputProps } from 'react-admin';
import { codeListOf, codeListsLoaded } from '../../resources/census-codes';
import type { FieldConfig, ResourceConfig } from '../../resources/types';

/** Loads the census's long code lists (countries, higher-education courses) once, apart from the app's first load. */
export const loadCodeLists = () => import('../../resources/census-code-lists').then(() => true);

/** Whether the long code lists are here, loading them on first use (the forms and lists that show them). */
export function useCodeLists(needed = true): boolean {
  const { isSuccess } = useQuery({
    queryKey: ['census-code-lists'],
    queryFn: loadCodeLists,
    enabled: needed && !codeListsLoaded(),
    staleTime: Infinity,
  });
  return codeListsLoaded() || isSuccess;
}

/** Whether some field of a config takes its options from a long code list. */
export const usesCodeLists = (config: ResourceConfig) => config.fields.some((f) => codeListOf(f));

/** A select over a long code list: searched as the user types, its choices there once the list has loaded. */
export function CodeListInput({ codeField: field, ...props }: AutocompleteInputProps & { codeField: FieldConfig }) {
  const ready = useCodeLists();
  const choices = useMemo(
    () => (ready ? (field.options ?? []).map((o) => ({ id: o.value, name: o.label })) : []),
    [ready, field],
  );
  return <AutocompleteInput {...props} choices={choices} isPending={!ready} emptyText="-- Selecione --" />;
}

/** A saved code as people read it ("Brasil"): the code itself until the list has loaded. */
export function CodeListLabel({ field, code }: { field: FieldConfig; code: string }) {
  const ready = useCodeLists();
  return <>{(ready && field.options?.find((o) => o.value === code)?.label) || code}</>;
}
