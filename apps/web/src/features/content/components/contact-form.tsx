import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  CONTACT_FIELDS,
  createContactSchema,
  type ContactField,
  type ContactFormValues,
} from '../contact-schema';
import styles from './contact-form.module.css';

/** How long the thank-you line stays (spec section 9). */
const SUCCESS_MESSAGE_MS = 5000;

const EMPTY: ContactFormValues = { name: '', email: '', phone: '', subject: '', message: '' };

export function ContactForm({ titleId }: { titleId: string }) {
  const { t } = useTranslation('contact');
  const base = useId();
  const schema = useMemo(() => createContactSchema((key) => t(key)), [t]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    getFieldState,
    formState: { errors },
  } = useForm<ContactFormValues, unknown, ContactMessage>({
    resolver: zodResolver(schema),
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

  const field = (name: ContactField): UseFormRegisterReturn<ContactField> =>
    register(name, {
      onChange: () => {
        if (getFieldState(name).error) clearErrors(name);
      },
    });

  const ids = (name: ContactField) => ({ control: `${base}-${name}`, error: `${base}-${name}-error` });
  const a11y = (name: ContactField) => ({
    id: ids(name).control,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? ids(name).error : undefined,
  });

  const onSubmit = handleSubmit((input) => {
    setSentAt(null);
    mutation.mutate(input, {
      onSuccess: () => {
        reset(EMPTY);
        setSentAt(Date.now());
      },
      onError: (error) => {
        // The server checks with the same rules, so this only happens if they drift apart; show its words.
        showServerFieldErrors(error, CONTACT_FIELDS, setError, (_name, message) => message);
      },
    });
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
        <Field
          label={t('form.name')}
          htmlFor={ids('name').control}
          errorId={ids('name').error}
          error={errors.name?.message}
        >
          <input
            type="text"
            autoComplete="name"
            aria-required="true"
            className={inputClass}
            {...a11y('name')}
            {...field('name')}
          />
        </Field>
        <Field
          label={t('form.email')}
          htmlFor={ids('email').control}
          errorId={ids('email').error}
          error={errors.email?.message}
        >
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            aria-required="true"
            className={ltrInputClass}
            {...a11y('email')}
            {...field('email')}
          />
        </Field>
      </div>

      <div className={styles.row}>
        <Field
          label={t('form.phone')}
          hint={optional}
          htmlFor={ids('phone').control}
          errorId={ids('phone').error}
          error={errors.phone?.message}
        >
          <input
            type="tel"
            autoComplete="tel"
            dir="ltr"
            className={ltrInputClass}
            {...a11y('phone')}
            {...field('phone')}
          />
        </Field>
        <Field
          label={t('form.subject')}
          hint={optional}
          htmlFor={ids('subject').control}
          errorId={ids('subject').error}
          error={errors.subject?.message}
        >
          <div className={selectWrapClass}>
            <select className={selectClass} {...a11y('subject')} {...field('subject')}>
              <option value="">{t('form.subjectPlaceholder')}</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {t(`form.subjects.${subject}`)}
                </option>
              ))}
            </select>
            <ChevronDownIcon size={18} className={selectIconClass} />
          </div>
        </Field>
      </div>

      <Field
        label={t('form.message')}
        htmlFor={ids('message').control}
        errorId={ids('message').error}
        error={errors.message?.message}
      >
        <textarea
          rows={7}
          aria-required="true"
          className={`${inputClass} ${styles.textarea}`}
          {...a11y('message')}
          {...field('message')}
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
