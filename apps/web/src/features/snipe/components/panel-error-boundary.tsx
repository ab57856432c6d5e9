import { Component, type ErrorInfo, type ReactNode } from 'react';

type PanelErrorBoundaryProps = { name: string; children: ReactNode };

/**
 * Keeps one broken panel (the table, a modal body) from blanking the whole dashboard: the
 * panel shows what failed and offers to try again.
 */
export class PanelErrorBoundary extends Component<PanelErrorBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
        <span>
          {this.props.name} could not be shown: {this.state.error.message}
        </span>
        <button type="button" className="btn btn-sm" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
