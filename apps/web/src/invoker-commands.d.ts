// Invoker commands (HTML): a button that opens a dialog or popover by itself, without script. React 19 passes
// unknown lowercase attributes through to the element.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    command?: string;
    commandfor?: string;
  }
}
