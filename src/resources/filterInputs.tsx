import type { ReactElement } from 'react';
import { AutocompleteInput, ReferenceInput, SearchInput, SelectInput, TextInput } from 'react-admin';
import { fieldOf, resourceByName, type ListFilterConfig, type ResourceConfig } from '../../resources';
import { isShown } from './access';

/** The years a "year" filter offers: from six years back to the next one, newest first. */
export function yearChoices(today = new Date()): { id: string; name: string }[] {
  const year = today.getFullYear();
  return Array.from({ length: 8 }, (_, i) => String(year + 1 - i)).map((y) => ({ id: y, name: y }));
}

const YES_NO = [
  { id: '1', name: 'Sim' },
  { id: '0', name: 'Não' },
];

/** The input of one field filter, chosen by the field's type as the server reads it (server/crud/filters.ts). */
function filterInput(config: ResourceConfig, filter: ListFilterConfig, alwaysOn: boolean): ReactElement {
  const field = fieldOf(config, filter.field);
  const common = { key: filter.param, source: filter.param, label: filter.label, alwaysOn, sx: { minWidth: 170 } };
  if (filter.states)
    return (
      <SelectInput {...common} choices={filter.states.map((s) => ({ id: s.value, name: s.label }))} emptyText="Todas" />
    );
  if (field.count) return <SelectInput {...common} choices={YES_NO} emptyText="Todos" />;
  if (field.type === 'select')
    return (
      <SelectInput
        {...common}
        choices={(field.options ?? []).map((o) => ({ id: o.value, name: o.label }))}
        emptyText="Todos"
      />
    );
  const target = resourceByName(filter.resource ?? field.reference?.resource ?? '');
  // A school year is named by its year, newest first; anything else by its name.
  const labelField = field.reference?.labelField ?? 'name';
  if (target)
    return (
      <ReferenceInput
        {...common}
        reference={target.adminPath}
        sort={{ field: labelField, order: labelField === 'year' ? 'DESC' : 'ASC' }}
      >
        <AutocompleteInput
          label={filter.label}
          optionText={labelField}
          sx={{ minWidth: 220 }}
          filterToQuery={(q: string) => ({ q })}
        />
      </ReferenceInput>
    );
  if (filter.part === 'year') return <SelectInput {...common} choices={yearChoices()} emptyText="Todos" />;
  return <TextInput {...common} type={filter.part === 'month' || field.type === 'month' ? 'month' : 'text'} />;
}

/**
 * The list's filters: the search box, then the config's field filters (those on data the user may see). At a desk
 * they stand beside the search box; on a phone they wait behind the Filtros button, which also saves and lists the
 * saved queries.
 */
export function listFilterInputs(config: ResourceConfig, beside: boolean): ReactElement[] {
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder="Filtrar a lista abaixo"
      sx={{ minWidth: beside ? 280 : 0 }}
    />,
    ...(config.list.filters ?? [])
      .filter((f) => isShown(fieldOf(config, f.field)))
      .map((f) => filterInput(config, f, beside)),
  ];
}
