import { Select } from '../../../components/ui/select';
import { DATE_FIELD_LABELS } from '../filter-chips';
import { DATE_FIELDS, DEFAULT_FILTERS, localDay, type LeadFilters } from '../lead-filters';
import { DatePickerButton } from './date-picker-button';

type DateRange = LeadFilters['dateRange'];

/**
 * Spec 2.6's date range filter: choose a field (or 'No date filter', which clears everything);
 * the pickers wait for a field, and the end date cannot be before the start date.
 */
export function DateRangeFilter({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const start = localDay(value.startDate);
  return (
    // min-w-0: a fieldset is as wide as its content by default, which pushed the pickers into the next column.
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-foreground">Date range</legend>
      <Select
        aria-label="Date field"
        value={value.field ?? ''}
        onChange={(e) => {
          const field = DATE_FIELDS.find((f) => f === e.target.value);
          onChange(field ? { ...value, field } : DEFAULT_FILTERS.dateRange);
        }}
      >
        <option value="">No date filter</option>
        {DATE_FIELDS.map((f) => <option key={f} value={f}>{DATE_FIELD_LABELS[f]}</option>)}
      </Select>
      <div className="flex flex-wrap gap-2">
        <DatePickerButton
          label="Start date"
          value={value.startDate}
          disabled={!value.field}
          onChange={(startDate) => onChange({
            ...value,
            startDate,
            // A start after the chosen end would match nothing: the end moves out of the way.
            endDate: startDate && value.endDate && value.endDate < startDate ? null : value.endDate,
          })}
        />
        <DatePickerButton
          label="End date"
          value={value.endDate}
          disabled={!value.field}
          isDisabled={(day) => start !== null && day < start}
          onChange={(endDate) => onChange({ ...value, endDate })}
        />
      </div>
    </fieldset>
  );
}
