import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import {
  MutationObserver,
  notifyManager,
  replaceEqualDeep,
  useQueryClient,
  type MutateOptions,
  type MutationObserverOptions,
  type MutationObserverResult,
} from "@tanstack/react-query";

type PickFrom<TData, TError, TVariables, TPicked> = (
  result: MutationObserverResult<TData, TError, TVariables>,
) => TPicked;

/**
 * A store of what `pick` reads of the observer's state: its listeners hear
 * only a change of that answer (compared by value), not every state the
 * mutation goes through.
 */
export function pickedMutationStore<TData, TError, TVariables, TPicked>(
  observer: MutationObserver<TData, TError, TVariables>,
  pick: PickFrom<TData, TError, TVariables, TPicked>,
) {
  let picked = pick(observer.getCurrentResult());
  // The observer's state as picked now; the same object while it reads the same.
  const read = (): TPicked => {
    picked = replaceEqualDeep(picked, pick(observer.getCurrentResult()));
    return picked;
  };
  return {
    subscribe: (onChange: () => void): (() => void) =>
      observer.subscribe(
        notifyManager.batchCalls(() => {
          const before = picked;
          if (read() !== before) onChange();
        }),
      ),
    getSnapshot: read,
  };
}

/**
 * `useMutation`, re-rendering its component only when what `pick` reads of
 * the mutation changes. `useMutation` re-renders for every state the mutation
 * goes through: a conversation's opening re-rendered the whole conversation
 * when it went pending and again when it succeeded, though the screen shows
 * neither (its answer is shown through the caller's own state).
 */
export function usePickedMutation<TData, TError, TVariables, TPicked extends object>(
  options: MutationObserverOptions<TData, TError, TVariables>,
  pick: PickFrom<TData, TError, TVariables, TPicked>,
) {
  const queryClient = useQueryClient();
  const [observer] = useState(() => new MutationObserver(queryClient, options));
  useEffect(() => observer.setOptions(options), [observer, options]);
  // One store per observer: `pick` is read once, as the first render gives it.
  const [store] = useState(() => pickedMutationStore(observer, pick));
  const picked = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables>) => {
      // Its failure is in the picked state; the promise's rejection is not news.
      observer.mutate(variables, callbacks).catch(() => undefined);
    },
    [observer],
  );
  return { ...picked, mutate };
}
