import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@boutique/contracts';
import { CONTACT_SUBJECTS } from '@boutique/contracts/constants';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icons';
import {
  Field,
  inputClass,
  ltrInputClass,
  selectClass,
  selectIconClass,
  selectWrapClass,
} from '@/components/ui/field';
import { EmailField } from '@/components/forms/fields';
import { useFormField } from '@/components/forms/use-form-field';
import { serverRule, showServerFieldErrors } from '@/lib/server-field-errors';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  CONTACT_FIELDS,
  contactErrorKey,
  contactResolver,
  type ContactFormValues,
} from '../contact-validation';
import styles from './contact-form.module.css';

/** How long the thank-you line stays (spec section 9). */
const SUCCESS_MESSAGE_MS = 5000;

const EMPTY: ContactFormValues = { name: '', email: '', phone: '', subject: '', message: '' };

export function ContactForm({ titleId }: { titleId: string }) {
  // The subjects are named in the namespace the shop's e-mails read too (the copy the shop receives names them).
  const { t, i18n } = useTranslation(['contact', 'shared']);
  const resolver = useMemo(() => contactResolver((key) => t(key)), [t]);
  const form = useForm<ContactFormValues, unknown, ContactMessage>({
    resolver,
    defaultValues: EMPTY,
    // A field's error goes away as soon as it is edited and only comes back on the next send.
    reValidateMode: 'onSubmit',
  });
  const mutation = useSendContactMessage();
  const [sentAt, setSentAt] = useState<number | null>(null);

  useEffect(() => {
    if (sentAt === null) return;
    const timer = setTimeout(() => setSentAt(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [sentAt]);

  const { handleSubmit, reset, setError } = form;
  const bind = useFormField(form);

  const onSubmit = handleSubmit((input) => {
    setSentAt(null);
    // The page's language goes with it: the shop's reply is written in it.
    mutation.mutate(
      { ...input, lang: i18n.language },
      {
        onSuccess: () => {
          reset(EMPTY);
          setSentAt(Date.now());
        },
        onError: (error) => {
          // The server checks with the same rules, so this only happens if they drift apart; show its words.
          showServerFieldErrors(error, CONTACT_FIELDS, setError, (name, code) =>
            t(`form.errors.${contactErrorKey(name, serverRule(code))}`),
          );
        },
      },
    );
  });

  const optional = <span className={styles.optional}>({t('form.optional')})</span>;

  return (
    <form
      className={styles.form}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className={styles.row}>
        <Field label={t('form.name')} {...bind('name').field}>
          <input
            type="text"
            autoComplete="name"
            aria-required="true"
            className={inputClass}
            {...bind('name').control}
          />
        </Field>
        <EmailField label={t('form.email')} binding={bind('email')} />
      </div>

      <div className={styles.row}>
        <Field label={t('form.phone')} hint={optional} {...bind('phone').field}>
          <input
            type="tel"
            autoComplete="tel"
            dir="ltr"
            className={ltrInputClass}
            {...bind('phone').control}
          />
        </Field>
        <Field label={t('form.subject')} hint={optional} {...bind('subject').field}>
          <div className={selectWrapClass}>
            <select className={selectClass} {...bind('subject').control}>
              <option value="">{t('form.subjectPlaceholder')}</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {t(`shared:contactSubjects.${subject}`)}
                </option>
              ))}
            </select>
            <ChevronDownIcon size={18} className={selectIconClass} />
          </div>
        </Field>
      </div>

      <Field label={t('form.message')} {...bind('message').field}>
        <textarea
          rows={7}
          aria-required="true"
          className={`${inputClass} ${styles.textarea}`}
          {...bind('message').control}
        />
      </Field>

      {/* Live regions stay mounted (and displayed) so screen readers announce what appears in them. */}
      <div className={styles.messages}>
        <div role="status">{sentAt !== null && <p className={styles.success}>{t('form.success')}</p>}</div>
        <div role="alert">{mutation.isError && <p className={styles.failure}>{t('form.failure')}</p>}</div>
      </div>

      <Button type="submit" loading={mutation.isPending} className={styles.submit}>
        {mutation.isPending ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}
