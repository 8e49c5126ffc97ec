import type { ReactNode } from 'react';
import { COUNTRY_CODES, DIALING_CODE_OF, type PhoneCountryCode } from '../../machines/lib/countries';
import { useCountryNames } from './countryNames';
import { SelectField, TextField, type SelectFieldProps, type TextFieldProps } from './Field';
import * as s from './phoneField.css';

export interface PhoneFieldProps {
  /** The dialing-code select: its label, value or defaultValue, error, handlers (name phonePrefix by default). */
  prefix: Omit<SelectFieldProps, 'children'>;
  /** The number input: its label, value or defaultValue, hint, error, handlers (name phoneBody by default). */
  number: TextFieldProps;
  /** A name for the pair (a fieldset legend); without one the two fields stand on their own labels. */
  legend?: ReactNode;
  /** The countries whose dialing codes are offered (sign-up's list by default; pay and play passes its own). */
  countries?: readonly PhoneCountryCode[];
}

/**
 * A mobile phone as the platform takes it (product.md §3: prefix and body): the dialing code of a
 * country of machines/lib/countries.ts, then the national number. Sign-up, pay-and-play's update
 * form and the phone change use it; each passes its own labels and translated errors, and may use
 * it controlled (value + onChange) or uncontrolled (defaultValue, read from the form on submit).
 */
export function PhoneField({ prefix, number, legend, countries: codes = COUNTRY_CODES }: PhoneFieldProps) {
  const countries = useCountryNames(codes);
  const fields = (
    <>
      <SelectField name="phonePrefix" autoComplete="tel-country-code" {...prefix}>
        {countries.map(({ code, name }) => (
          <option key={code} value={DIALING_CODE_OF[code]}>
            {`${name} (${DIALING_CODE_OF[code]})`}
          </option>
        ))}
      </SelectField>
      <TextField name="phoneBody" type="tel" inputMode="tel" autoComplete="tel-national" {...number} />
    </>
  );
  if (legend === undefined) return <div className={s.row}>{fields}</div>;
  return (
    <fieldset className={s.row}>
      <legend className={s.legend}>{legend}</legend>
      {fields}
    </fieldset>
  );
}
