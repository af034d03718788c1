import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNote } from '@boutique/contracts/admin-desk';
import { formatDateTime } from '../admin-ui';

/** One entry of a desk timeline (a note, a reply): who, when (shop time), what they wrote, and what follows. */
export function TimelineEntry(props: {
  author: AdminNote['author'];
  at: string;
  body: string;
  badge?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('admin');
  return (
    <li data-testid={props.testId}>
      <p className="adm-muted">
        <bdi>{props.author?.name ?? t('desk.unknownAuthor')}</bdi> ·{' '}
        <time className="adm-num" dateTime={props.at}>
          {formatDateTime(props.at, i18n.language)}
        </time>
        {props.badge && <> {props.badge}</>}
      </p>
      <p className="adm-message-text" dir="auto">
        {props.body}
      </p>
      {props.children}
    </li>
  );
}
