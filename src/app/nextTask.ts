/**
 * Resolves in a new task of the event loop, so that the browser can paint and answer input before
 * the next step of the app's start-up runs (issue 10: a phone's main thread never stays blocked for
 * long). Start-up steps are each short; run back to back in one task they were not.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
