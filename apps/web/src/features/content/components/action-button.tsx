import type { ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';

type ActionButtonProps = {
  variant?: 'dark' | 'light';
  children: ReactNode;
} & ({ to: string; onClick?: never } | { onClick: () => void; to?: never });

/** A call to action that is either a link (`to`) or a click button (`onClick`), in the dark or light style. */
export function ActionButton({ variant = 'dark', children, ...action }: ActionButtonProps) {
  if (action.to !== undefined) {
    return (
      <ButtonLink to={action.to} variant={variant}>
        {children}
      </ButtonLink>
    );
  }
  return (
    <Button variant={variant} onClick={action.onClick}>
      {children}
    </Button>
  );
}
