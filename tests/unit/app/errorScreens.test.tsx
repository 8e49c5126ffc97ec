import { screen, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ApiError } from '../../../src/api/errors';
import { CrashBoundary } from '../../../src/features/errors/CrashBoundary';
import { RouteError } from '../../../src/features/errors/RouteError';
import { renderWithI18n } from './render';

// product.md §2 / behaviour.md §8 "General": the two render-crash screens and the router error
// screen, with the spec's texts.

function Throws(): never {
  throw new Error('component exploded');
}

beforeEach(() => {
  // React and the boundaries log the caught errors; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('top-level crash boundary', () => {
  it('shows its children while nothing crashes', () => {
    renderWithI18n(
      <CrashBoundary>
        <p>all good</p>
      </CrashBoundary>,
    );
    expect(screen.getByText('all good')).toBeTruthy();
  });

  it('replaces a crashed app with the reload screen, whose button reloads', () => {
    const reload = vi.fn();
    renderWithI18n(
      <CrashBoundary onReload={reload}>
        <Throws />
      </CrashBoundary>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Oops, something went wrong. Please reload the page to try again.' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('route error component', () => {
  it('a render crash shows SOMETHING WENT WRONG with a Try again button', () => {
    renderWithI18n(<RouteError error={new TypeError('cannot read x of undefined')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'SOMETHING WENT WRONG' })).toBeTruthy();
    expect(screen.getByText('Please try again')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText(/cannot read x/)).toBeNull();
  });

  it('an HTTP failure from a loader shows the router error screen with its status', () => {
    renderWithI18n(<RouteError error={new ApiError('http', 404, 'error.content.not_found', 'Page not found')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText(/^404/)).toBeTruthy();
  });

  it('a network failure (no status) shows its message', () => {
    renderWithI18n(<RouteError error={new ApiError('network', 0, 'network.error', 'Network Error')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Network Error')).toBeTruthy();
  });

  it('any error carrying a numeric status counts as an HTTP failure', () => {
    renderWithI18n(<RouteError error={Object.assign(new Error('Service Unavailable'), { status: 503 })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText(/^503/)).toBeTruthy();
  });
});
