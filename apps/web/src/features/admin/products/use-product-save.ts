import { useEffect, useRef, useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminProduct, ProductCreate } from '@boutique/contracts/admin';
import type { Language } from '@boutique/contracts/constants';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '../components/admin-ui';
import { staleRecord } from '../components/conflict';
import { leavingWith } from '../components/use-leave-guard';
import { problemText } from '../components/problems';
import {
  changedFields,
  productConflict,
  productValues,
  reapplied,
  type ProductFormValues,
} from './product-values';

/** What the form was opened on: the version a save is based on, and the values it then had. */
interface Base {
  version: number;
  values: ProductFormValues;
}

/**
 * Saving the product form: the API's refusals land on their fields (the rest in a banner); an existing product
 * is saved against the version it was opened on, and a save refused because the product changed meanwhile
 * gives what changed, to re-apply the owner's edit in one click or discard it (decision 028).
 */
export function useProductSave({
  form,
  initial,
  record,
  onSubmit,
}: {
  form: UseFormReturn<ProductFormValues, unknown, ProductCreate>;
  initial: ProductFormValues;
  record: AdminProduct | undefined;
  onSubmit: (values: ProductCreate, version: number | undefined) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const [banner, setBanner] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<AdminProduct>();
  const [outdated, setOutdated] = useState(false);
  const base = useRef<Base | undefined>(record && { version: record.version, values: initial });
  const { handleSubmit, setError, getValues } = form;
  const isDirty = form.formState.isDirty;

  // The product moved on elsewhere (a picture added on this page, another tab, a refetch): the form carries on
  // from the new version when nothing it shows changed, takes the new values when it has no edit of its own,
  // and otherwise keeps its base, so that saving shows what changed rather than writing over it.
  useEffect(() => {
    const opened = base.current;
    if (!record || !opened || record.version === opened.version) return;
    const fresh = productValues(record);
    if (changedFields(fresh, getValues()).length === 0) {
      base.current = { version: record.version, values: fresh };
      form.reset(fresh);
      setOutdated(false);
    } else if (changedFields(fresh, opened.values).length === 0) {
      base.current = { version: record.version, values: opened.values };
    } else if (!form.formState.isDirty) {
      base.current = { version: record.version, values: fresh };
      form.reset(fresh);
    } else setOutdated(true);
  }, [record, form, getValues]);

  useEffect(() => {
    if (isDirty) setSaved(false);
  }, [isDirty]);

  const save = async (values: ProductCreate) => {
    setBanner(undefined);
    setSaved(false);
    try {
      await leavingWith(() => onSubmit(values, base.current?.version));
      // What was sent is what is saved: the form is clean again, its values kept (the record's new version
      // reaches the effect above).
      form.reset(undefined, { keepValues: true });
      setConflict(undefined);
      setOutdated(false);
      setSaved(true);
    } catch (error) {
      const current = staleRecord<AdminProduct>(error);
      if (current) {
        setConflict(current);
        return;
      }
      if (error instanceof ApiError && error.status === 422) {
        const unplaced: string[] = [];
        let first = true;
        for (const [field, messages] of Object.entries(error.errors)) {
          const message = messages[0];
          if (!message) continue;
          if (fieldExists(values, field)) {
            setError(
              field as FieldPath<ProductFormValues>,
              { type: 'server', message },
              { shouldFocus: first },
            );
            first = false;
          } else unplaced.push(problemText(message, t) ?? message);
        }
        setBanner([t('form.refused'), ...unplaced].join(' '));
      } else setBanner(errorMessage(error, t('errors.save')));
    }
  };
  const submit = handleSubmit(save, () => setBanner(t('form.invalid')));

  /** The owner's edit written onto the product as it is now, then saved: one click after a refusal. */
  const reapply = async () => {
    if (!conflict || !base.current) return;
    const current = productValues(conflict);
    const merged = reapplied(base.current.values, current, getValues());
    base.current = { version: conflict.version, values: current };
    form.reset(current);
    for (const field of changedFields(current, merged)) {
      form.setValue(field, merged[field], { shouldDirty: true });
    }
    setConflict(undefined);
    setOutdated(false);
    await submit();
  };
  const discard = () => {
    if (!conflict) return;
    const current = productValues(conflict);
    base.current = { version: conflict.version, values: current };
    form.reset(current);
    setConflict(undefined);
    setOutdated(false);
  };
  const conflictView =
    conflict && base.current
      ? productConflict(base.current.values, productValues(conflict), getValues(), t, lang)
      : undefined;

  return { banner, saved, conflict, outdated, conflictView, submit, reapply, discard };
}

/** Whether a field path the API named (`name.ar`, `sizes.0.stock`) is one of the form's. */
function fieldExists(values: object, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}
