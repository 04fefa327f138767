/**
 * One typed field of the form (an address or a memo): its label (the accessible name the
 * contract's field names are), the input as typed, a hint, and the server's problem with it.
 */
export function TextField(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  hint?: string;
  problem?: string;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        value={props.value}
        onInput={(e) => props.onInput((e.currentTarget as HTMLInputElement).value)}
      />
      {props.hint && <p class="hint">{props.hint}</p>}
      {props.problem && (
        <p class="problem" role="alert">
          {props.problem}
        </p>
      )}
    </div>
  );
}
