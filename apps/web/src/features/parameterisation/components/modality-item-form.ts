import type { EndpointDef, EndpointRequest, ModalityDetail } from '@aval/contracts';
import { type FormErrors, useForm } from '@mantine/form';
import { useInsertOrUpdate } from '../../../shared/api/use-contract-mutation.js';
import { useServerErrors } from '../../../shared/forms/contract-form.js';
import type { FormActionsProps } from '../../../shared/forms/form-actions.js';
import { paramFormWrites } from '../api/parameterisation-api.js';

export type ModalityItemDialogProps<Item> = {
  modality: ModalityDetail;
  /** The item changed; absent: a new one. */
  item?: Item;
  onClose: () => void;
};

type ModalityItemForm<
  Item,
  Draft,
  I extends EndpointDef,
  U extends EndpointDef,
> = ModalityItemDialogProps<Item> & {
  draftOf: (item?: Item) => Draft;
  /** The body fields of the draft (without ModalityId or Id). */
  bodyOf: (draft: Draft) => object;
  /** The contract's check of the draft (`contractResolver(schema, bodyOf)`). */
  validate: (draft: Draft) => FormErrors;
  insert: I;
  update: U;
  success: { insert: string; update: string };
};

/**
 * The form of an item of a modality (coverage, requested document, particular clause): checked
 * by the contract, created with the modality's Id (Insert…) or changed with its own (Update…);
 * a refusal's field messages land on the fields, the rest in `actions` for `FormActions`, and
 * the dialog closes once saved.
 */
export const useModalityItemForm = <
  Item extends { Id: number },
  Draft extends Record<string, unknown>,
  I extends EndpointDef,
  U extends EndpointDef,
>({
  modality,
  item,
  onClose,
  draftOf,
  bodyOf,
  validate,
  insert,
  update,
  success,
}: ModalityItemForm<Item, Draft, I, U>) => {
  const form = useForm<Draft>({ initialValues: draftOf(item), validate });
  const save = useInsertOrUpdate(insert, update, { ...paramFormWrites, success });
  const messages = useServerErrors(form, save.error);
  const submit = form.onSubmit((draft) => {
    const body = bodyOf(draft);
    if (item) save.update({ body: { ...body, Id: item.Id } } as EndpointRequest<U>, onClose);
    else save.insert({ body: { ...body, ModalityId: modality.Id } } as EndpointRequest<I>, onClose);
  });
  const actions: Omit<FormActionsProps, 'submitLabel'> = {
    messages,
    busy: save.isPending,
    onCancel: onClose,
  };
  return { form, submit, actions };
};
