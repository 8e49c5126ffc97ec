import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LocalizedFallback } from '../../i18n/LocalizedFallback';
import { AppCrashScreen, type Reload } from './screens';

interface CrashBoundaryProps {
  children: ReactNode;
  onReload?: Reload;
}

interface CrashBoundaryState {
  crashed: boolean;
}

/** The top-level boundary around the router: any crash that nothing below caught ends here. */
export class CrashBoundary extends Component<CrashBoundaryProps, CrashBoundaryState> {
  override state: CrashBoundaryState = { crashed: false };

  static getDerivedStateFromError(): CrashBoundaryState {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The app crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.crashed) return this.props.children;
    return (
      <LocalizedFallback>
        <AppCrashScreen onReload={this.props.onReload} />
      </LocalizedFallback>
    );
  }
}
