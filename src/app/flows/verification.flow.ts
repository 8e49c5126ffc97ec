import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { DocumentsLoad, UploadRequest } from '../../../machines/lib/verification';
import { verificationMachine, type VerificationEvent } from '../../../machines/verification.machine';
import type { verificationModalMachine } from '../../../machines/verificationModal.machine';
import { documentsApi } from '../../api/documents';
import type { ProvideFlow } from './index';

/**
 * The document upload flow with the platform's calls (src/api/documents.ts: GET /player/documents,
 * the multipart upload with its progress) and the modal's notice, sent to the verification modal
 * flow by its systemId (both are children of the session).
 */
export function verificationFlow() {
  return verificationMachine.provide({
    actors: {
      loadDocuments: fromPromise<DocumentsLoad>(({ signal }) => documentsApi.list(signal)),
      uploadDocument: fromCallback<VerificationEvent, UploadRequest>(({ input, sendBack }) => {
        const controller = new AbortController();
        const { file } = input;
        if (!(file instanceof Blob)) {
          sendBack({ type: 'upload.failed', error: new Error('The chosen file is not a file') });
          return undefined;
        }
        documentsApi
          .upload(
            { category: input.category, subType: input.subType, file, fileName: file.name },
            { signal: controller.signal, onProgress: (sent, total) => sendBack({ type: 'upload.progress', sent, total }) },
          )
          .then(
            ({ document }) => sendBack({ type: 'upload.done', document }),
            (error: unknown) => {
              // Leaving the step aborts the upload: nobody is waiting for its answer.
              if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error });
            },
          );
        return () => controller.abort();
      }),
    },
    actions: {
      tellUploaded: ({ system }) => {
        const modal = system.get('verificationModal') as ActorRefFrom<typeof verificationModalMachine> | undefined;
        modal?.send({ type: 'modal.uploaded' });
      },
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'verification'> = () => verificationFlow();
