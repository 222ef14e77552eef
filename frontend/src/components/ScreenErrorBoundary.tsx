import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { removeEarlySignIn } from '../core/earlySignIn';

interface Props {
  children: ReactNode;
  message: string;
  retryLabel: string;
  /** Changing it (e.g. the path) clears the error. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

/** Catches a screen that failed to load (e.g. a chunk that timed out) and offers a retry. */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
    // The sign-in screen's chunk failed: its error and retry must show, not the plain form.
    removeEarlySignIn();
  }

  override render() {
    if (this.state.error) {
      return (
        <Alert
          severity="error"
          data-testid="screen-error"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {this.props.retryLabel}
            </Button>
          }
        >
          {this.props.message}
        </Alert>
      );
    }
    return this.props.children;
  }
}
