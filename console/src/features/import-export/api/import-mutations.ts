import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CustomFieldListResponseSchema, CustomFieldResponseSchema, ImportResponseSchema,
  type CreateCustomFieldBody, type CustomField, type ImportMappingBody, type UpdateCustomFieldBody,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { customFieldKeys, importKeys } from './import-queries';

/** Each write lands in the import's row and the history: both refetch. */
function useImportMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.all }) });
}

export const useUploadImport = () => useImportMutation((file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.upload('/api/imports', form, ImportResponseSchema).then((r) => r.import);
});
export const useSaveMapping = () => useImportMutation(({ id, body }: { id: number; body: ImportMappingBody }) =>
  api.put(`/api/imports/${id}/mapping`, body, ImportResponseSchema).then((r) => r.import));
/** Dry run and undo are jobs: the answer is the import with the job started; its progress comes over /ws. */
export const useDryRun = () => useImportMutation((id: number) => api.post(`/api/imports/${id}/dry-run`, {}, ImportResponseSchema).then((r) => r.import));
export const useRunImport = () => useImportMutation((id: number) => api.post(`/api/imports/${id}/run`, {}, ImportResponseSchema).then((r) => r.import));
export const useUndoImport = () => useImportMutation((id: number) => api.post(`/api/imports/${id}/undo`, {}, ImportResponseSchema).then((r) => r.import));

/** Reads of the list after a write before it is shown as it is (each waits on the server up to 2 s for the write's version). */
const CATCH_UP_READS = 15;

/**
 * A field write, then the list once it shows the written field as the write answered it: the
 * gateway waits (bounded) for the write's version, and a read model further behind than that (a
 * busy server) is read again, so the new or changed field never seems lost.
 */
function useFieldMutation<A>(write: (args: A) => Promise<{ version: number; field: CustomField }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (args: A) => {
      const { version, field } = await write(args);
      const canonical = (f: CustomField) => JSON.stringify(Object.entries(f).sort(([a], [b]) => a.localeCompare(b)));
      const same = (f: CustomField) => canonical(f) === canonical(field);
      for (let i = 1; ; i++) {
        const { fields } = await api.get('/api/custom-fields', CustomFieldListResponseSchema, { params: { minVersion: version } });
        if (fields.some(same) || i >= CATCH_UP_READS) return void queryClient.setQueryData(customFieldKeys.list(), fields);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all }),
  });
}
export const useCreateCustomField = () => useFieldMutation((body: CreateCustomFieldBody) => api.post('/api/custom-fields', body, CustomFieldResponseSchema));
export const useUpdateCustomField = () => useFieldMutation(({ id, body }: { id: number; body: UpdateCustomFieldBody }) =>
  api.patch(`/api/custom-fields/${id}`, body, CustomFieldResponseSchema));
