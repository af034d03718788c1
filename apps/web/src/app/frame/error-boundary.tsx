import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

/** Last resort when rendering fails (e.g. a page chunk missing after a deploy): the page offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
