import { createActor, fromCallback, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { tabOfStep, type UploadRequest } from '../../machines/lib/verification';
import { readyToUpload, verificationMachine, type VerificationEvent } from '../../machines/verification.machine';
import { FILE, LOADED, offline, STORED, tooLarge, verificationEventsIn } from './lib/verification.fixtures';
import { coverPaths, FakePromises, formatCoverage, settle, type PathEvent } from './lib/pathCoverage';

// The document upload flow (product.md §3 "Documents"; behaviour.md §4 "Document verification"),
// walked to every state and transition: a step chosen (ID from the deposit, a proof of address
// already under review, a proof of payment for a deposit method), its document type, the file, the
// upload with its progress, a refusal that keeps the file for a retry, success; the list loaded
// again on a pushed change; clear.

type Machine = typeof verificationMachine;
type Snapshot = SnapshotFrom<Machine>;

interface World {
  uploads: UploadRequest[];
  told: number;
}

function setupWith(fakes: FakePromises) {
  const world: World = { uploads: [], told: 0 };
  const machine = verificationMachine.provide({
    actors: {
      loadDocuments: fakes.actor(),
      uploadDocument: fromCallback<VerificationEvent, UploadRequest>(({ input }) => {
        world.uploads.push(input);
      }),
    },
    actions: {
      tellUploaded: () => {
        world.told += 1;
      },
    },
  });
  return { machine, world };
}

describe('verification machine (behaviour.md §4 Document verification)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths<Machine, World>({
      setup: setupWith,
      events: (snapshot: Snapshot) => verificationEventsIn(snapshot) as PathEvent<Machine>[],
      check: (snapshot, { event, previous, world }) => {
        const { context } = snapshot;
        const value = snapshot.value as { step: string; list: string };
        if (event.type === 'verification.clear') {
          // Clear resets the flow: no step, no file, no type, no method, the start point back to the account.
          expect(value.step).toBe('pending');
          expect(context).toMatchObject({ step: null, file: null, documentType: null, depositMethod: null, startPoint: 'account', error: null, documentId: null });
        }
        if (event.type === 'step.select') {
          // The step, its start point and deposit method are recorded; what the previous step chose is forgotten.
          expect(context.step).toBe(event.step);
          expect(context.depositMethod).toBe(event.depositMethod ?? null);
          expect(context.startPoint).toBe(event.startPoint ?? previous?.context.startPoint);
          expect(context.file).toBeNull();
          expect(context.documentType).toBeNull();
        }
        if (event.type === 'documentType.select') expect(context.documentType).toBe(event.documentType);
        switch (value.step) {
          case 'pending':
            expect(snapshot.hasTag('form')).toBe(true);
            expect(context.file).toBeNull();
            break;
          case 'loading':
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(context.step).not.toBeNull();
            break;
          case 'loadFailed':
            expect(snapshot.hasTag('error')).toBe(true);
            expect(context.error).toEqual({ code: 'network', fieldErrors: [] });
            break;
          case 'preUpload':
            expect(context.file).toEqual(FILE);
            expect(context.total).toBe(FILE.size);
            expect(context.error).toBeNull();
            break;
          case 'upload':
            expect(snapshot.hasTag('uploading')).toBe(true);
            expect(readyToUpload(context)).toBe(true);
            if (event.type === 'upload.progress') expect([context.sent, context.total]).toEqual([2000, 4000]);
            else {
              // The upload sends the step's category, the file, and the type or method the step asks for.
              expect(context.sent).toBe(0);
              expect(world.uploads.at(-1)).toEqual({
                category: context.step,
                file: FILE,
                subType: context.step === 'POP' ? context.depositMethod : context.documentType,
              });
            }
            break;
          case 'error':
            // The refusal is kept with its code; the chosen file stays for a retry.
            expect(snapshot.hasTag('error')).toBe(true);
            expect(context.file).toEqual(FILE);
            if (event.type === 'upload.failed') {
              expect(context.error).toEqual({ code: event.error === tooLarge ? 'error.document.too_large' : 'network', fieldErrors: [] });
            }
            break;
          case 'success':
            expect(snapshot.hasTag('done')).toBe(true);
            if (event.type === 'upload.done') {
              expect(context).toMatchObject({ documentId: STORED.documentId, status: 'UNDER_REVIEW', file: null, error: null, sent: previous?.context.total });
              // The modal hears it; the list loads again (unless a load already runs).
              expect(world.told).toBeGreaterThan(0);
              expect(value.list).toBe('refreshing');
            }
            break;
          case 'uploaded':
            // A single document already under review: nothing to send.
            expect(snapshot.hasTag('done')).toBe(true);
            expect(context.step).toBe('POA');
            expect(context.status).toBe('UNDER_REVIEW');
            break;
          default:
            throw new Error(`unexpected step state ${value.step}`);
        }
        if (value.list === 'shown' && event.type === 'xstate.done.actor.refreshDocuments') {
          expect(context.documents).toEqual(LOADED);
          expect(context.listError).toBeNull();
        }
        if (value.list === 'shown' && event.type === 'xstate.error.actor.refreshDocuments') {
          expect(context.listError).toEqual({ code: 'network', fieldErrors: [] });
        }
      },
    });
    console.info(formatCoverage('verification', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  }, 120_000);

  it('each step maps to its tab (behaviour.md §4)', () => {
    expect([null, 'ID', 'POA', 'POP', 'SOW', 'OTHER'].map((step) => tabOfStep(step as never))).toEqual(['account', 'id', 'address', 'payment', 'sow', 'other']);
  });

  it('Upload waits for the document type of a proof of address and the deposit method of a proof of payment', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine).start();
    fakes.resolve('refreshDocuments', LOADED);
    actor.send({ type: 'step.select', step: 'SOW' });
    fakes.resolve('loadDocuments', LOADED);
    await settle();
    actor.send({ type: 'file.choose', file: FILE });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toEqual({ step: 'preUpload', list: 'shown' });
    actor.send({ type: 'documentType.select', documentType: 'WN' });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toEqual({ step: 'upload', list: 'shown' });
    actor.stop();
  });

  it('a failed upload is tried again with the same file, and leaving the step aborts a running upload', async () => {
    const fakes = new FakePromises();
    let stopped = 0;
    const machine = setupWith(fakes).machine.provide({
      actors: {
        uploadDocument: fromCallback<VerificationEvent, UploadRequest>(() => () => {
          stopped += 1;
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'step.select', step: 'ID' });
    fakes.resolve('loadDocuments', LOADED);
    await settle();
    actor.send({ type: 'file.choose', file: FILE });
    actor.send({ type: 'upload.start' });
    actor.send({ type: 'upload.failed', error: offline });
    expect(actor.getSnapshot().context.file).toEqual(FILE);
    actor.send({ type: 'upload.retry' });
    expect(actor.getSnapshot().value).toMatchObject({ step: 'upload' });
    actor.send({ type: 'step.select', step: 'OTHER' });
    expect(stopped).toBe(2);
    actor.stop();
  });
});
