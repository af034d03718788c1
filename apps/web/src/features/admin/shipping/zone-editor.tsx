import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShippingZone } from '@boutique/contracts/admin-shipping';
import { ADDRESS_COUNTRIES, LANGUAGES, type Language } from '@boutique/contracts/constants';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { useCountryName } from '@/lib/countries';
import { createShippingZone, updateShippingZone, useRefreshShippingZones } from '../api/shipping';
import { errorMessage } from '../components/admin-ui';
import { staleRecord } from '../components/conflict';
import { LeaveGuard } from '../components/leave-guard';
import { problemText } from '../components/problems';
import {
  draftOf,
  newRate,
  newZone,
  payloadOf,
  type RateDraft,
  type Texts,
  type ZoneDraft,
} from './zone-form';

/**
 * A zone's form: its name in three languages, its countries (none for the worldwide zone), its rates. Saved
 * against the version the page showed; the API checks everything and its field errors show beside the fields.
 */
export function ZoneEditor({ zone, onDone }: { zone?: ShippingZone; onDone: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const countryName = useCountryName(lang);
  const refresh = useRefreshShippingZones();
  const [draft, setDraft] = useState<ZoneDraft>(() => (zone ? draftOf(zone) : newZone()));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const worldwide = zone?.worldwide ?? false;
  const idBase = zone ? `zone-${zone.id}` : 'zone-new';
  const error = (key: string) => problemText(errors[key]?.[0], t);

  const change = (next: ZoneDraft) => {
    setDraft(next);
    setTouched(true);
  };
  const setRate = (index: number, rate: RateDraft) =>
    change({ ...draft, rates: draft.rates.map((r, i) => (i === index ? rate : r)) });
  // The address forms' countries, and any other code the zone already lists.
  const choices = [...new Set([...ADDRESS_COUNTRIES, ...draft.countries])];

  const save = async () => {
    setBusy(true);
    setProblem(undefined);
    setErrors({});
    try {
      const body = payloadOf(draft);
      if (zone) await updateShippingZone(zone.id, { ...body, version: zone.version });
      else await createShippingZone(body);
      setTouched(false);
      await refresh();
      onDone();
    } catch (err) {
      if (staleRecord(err) !== undefined || (err instanceof ApiError && err.status === 409)) {
        setProblem(staleRecord(err) ? t('shipping.stale') : errorMessage(err, t('errors.save')));
        await refresh();
      } else {
        if (err instanceof ApiError) setErrors(err.errors);
        setProblem(errorMessage(err, t('errors.save')));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="adm-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextsFields
        idPrefix={`${idBase}-name`}
        label={t('shipping.zoneName')}
        value={draft.name}
        onChange={(name) => change({ ...draft, name })}
        errorOf={(l) => error(`name.${l}`)}
      />
      {worldwide ? (
        <p className="adm-muted">{t('shipping.worldwideHint')}</p>
      ) : (
        <fieldset className="adm-fieldset">
          <legend>{t('shipping.countries')}</legend>
          <div className="adm-countries">
            {choices.map((code) => (
              <label key={code} className="adm-check">
                <input
                  type="checkbox"
                  checked={draft.countries.includes(code)}
                  onChange={(e) =>
                    change({
                      ...draft,
                      countries: e.target.checked
                        ? [...draft.countries, code]
                        : draft.countries.filter((c) => c !== code),
                    })
                  }
                />
                {countryName(code)}
              </label>
            ))}
          </div>
          {error('countries') && <p className="adm-error">{error('countries')}</p>}
          {Object.keys(errors)
            .filter((k) => k.startsWith('countries.'))
            .map((k) => (
              <p key={k} className="adm-error">
                {error(k)}
              </p>
            ))}
        </fieldset>
      )}
      <fieldset className="adm-fieldset">
        <legend>{t('shipping.rates')}</legend>
        {draft.rates.map((rate, index) => (
          <RateFields
            key={rate.key}
            idPrefix={`${idBase}-rate-${index}`}
            n={index + 1}
            rate={rate}
            onChange={(next) => setRate(index, next)}
            onRemove={
              draft.rates.length > 1
                ? () => change({ ...draft, rates: draft.rates.filter((_, i) => i !== index) })
                : undefined
            }
            errorOf={(field) => error(`rates.${index}.${field}`)}
          />
        ))}
        {error('rates') && <p className="adm-error">{error('rates')}</p>}
        <div>
          <button
            type="button"
            className="adm-small-btn"
            onClick={() => change({ ...draft, rates: [...draft.rates, newRate()] })}
          >
            {t('shipping.addRate')}
          </button>
        </div>
      </fieldset>
      {problem && (
        <p className="adm-error" role="alert">
          {problem}
        </p>
      )}
      <div className="adm-actions">
        <Button type="submit" loading={busy}>
          {zone ? t('form.save') : t('shipping.create')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
      <LeaveGuard when={touched && !busy} />
    </form>
  );
}

function TextsFields({
  idPrefix,
  label,
  value,
  onChange,
  errorOf,
}: {
  idPrefix: string;
  label: string;
  value: Texts;
  onChange: (next: Texts) => void;
  errorOf: (lang: Language) => string | undefined;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="adm-langs">
      {LANGUAGES.map((lng) => (
        <div key={lng} className="adm-field">
          <label htmlFor={`${idPrefix}-${lng}`}>
            {t('form.inLanguage', { label, language: t(`languages.${lng}`) })}
          </label>
          <input
            id={`${idPrefix}-${lng}`}
            lang={lng}
            dir={lng === 'ar' ? 'rtl' : 'ltr'}
            className={inputClass}
            maxLength={80}
            value={value[lng]}
            aria-invalid={errorOf(lng) ? true : undefined}
            onChange={(e) => onChange({ ...value, [lng]: e.target.value })}
          />
          {errorOf(lng) && <p className="adm-error">{errorOf(lng)}</p>}
        </div>
      ))}
    </div>
  );
}

function RateFields({
  idPrefix,
  n,
  rate,
  onChange,
  onRemove,
  errorOf,
}: {
  idPrefix: string;
  n: number;
  rate: RateDraft;
  onChange: (next: RateDraft) => void;
  onRemove: (() => void) | undefined;
  errorOf: (field: string) => string | undefined;
}) {
  const { t } = useTranslation('admin');
  const field = (key: 'price' | 'freeOver' | 'minDays' | 'maxDays', api: string, label: string) => (
    <div className="adm-field">
      <label htmlFor={`${idPrefix}-${key}`}>{label}</label>
      <input
        id={`${idPrefix}-${key}`}
        className={inputClass}
        inputMode={key === 'price' || key === 'freeOver' ? 'decimal' : 'numeric'}
        dir="ltr"
        value={rate[key]}
        aria-invalid={errorOf(api) ? true : undefined}
        onChange={(e) => onChange({ ...rate, [key]: e.target.value })}
      />
      {errorOf(api) && <p className="adm-error">{errorOf(api)}</p>}
    </div>
  );
  return (
    <div className="adm-rate" data-testid="shipping-rate-fields">
      <TextsFields
        idPrefix={`${idPrefix}-name`}
        label={t('shipping.rateName', { n })}
        value={rate.name}
        onChange={(name) => onChange({ ...rate, name })}
        errorOf={(l) => errorOf(`name.${l}`)}
      />
      <div className="adm-row">
        {field('price', 'price', t('shipping.priceAed'))}
        {field('freeOver', 'free_over', t('shipping.freeOverAed'))}
        {field('minDays', 'min_days', t('shipping.minDays'))}
        {field('maxDays', 'max_days', t('shipping.maxDays'))}
      </div>
      {onRemove && (
        <div>
          <button type="button" className="adm-small-btn" data-danger="true" onClick={onRemove}>
            {t('shipping.removeRate', { n })}
          </button>
        </div>
      )}
    </div>
  );
}
