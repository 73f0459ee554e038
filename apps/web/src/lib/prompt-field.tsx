import { useState } from 'react';
import './prompt-field.css';

/** The prompt's entry as typed, where its buttons read it, and how to say it is invalid. */
export type PromptEntry = { value: string; invalid: (shown: boolean) => void };

export type PromptOptions = {
  title: string;
  /** The text the field opens with. */
  initial: string;
  /** What the entry must match, whole; anything else is answered with `invalidText`, and the prompt stays. */
  pattern: RegExp;
  inputMode: 'numeric' | 'decimal' | 'text';
  maxLength: number;
  confirmText: string;
  cancelText: string;
  /** "The data entered is invalid". */
  invalidText: string;
};

type Props = { options: PromptOptions; entry: PromptEntry; onEnter: () => void };

function Field({ options, entry, onEnter }: Props) {
  const [value, setValue] = useState(entry.value);
  const [invalid, setInvalid] = useState(false);
  // The dialog's confirm button checks the entry outside React: it says "invalid" through this.
  entry.invalid = setInvalid;
  return (
    <form
      className="prompt-field"
      onSubmit={(event) => {
        event.preventDefault();
        onEnter();
      }}
    >
      <input
        className={`prompt-field__input${invalid ? ' is-invalid' : ''}`}
        value={value}
        aria-label={options.title}
        aria-invalid={invalid}
        aria-describedby={invalid ? 'prompt-field-invalid' : undefined}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
        autoComplete="off"
        spellCheck={false}
        // biome-ignore lint/a11y/noAutofocus: the prompt is opened to take this one entry.
        autoFocus
        onChange={(event) => {
          entry.value = event.target.value;
          setValue(event.target.value);
          setInvalid(false);
        }}
        data-testid="prompt-input"
      />
      {invalid && (
        <p id="prompt-field-invalid" className="prompt-field__invalid" role="alert" data-testid="prompt-invalid">
          {options.invalidText}
        </p>
      )}
    </form>
  );
}

/** The prompt box's content (lib/dialog.ts): its field and the pattern check's message. */
export function promptContent(props: Props) {
  return <Field {...props} />;
}
